import { BOOK_PATHS, MESSAGE_PATHS, type BookMessageSummary, type MessageItem } from '@cab/contracts/client';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { AppTabBar } from '../../app/TabBar.tsx';
import { applyLiveEvent } from '../../features/live/start.ts';
import { useUnreadStore } from '../../features/messages/unread-store.ts';
import { useUserStore } from '../../stores/user.ts';
import { renderPages } from '../../test-pages.tsx';
import MessageDetailPage from './MessageDetailPage.tsx';
import MessageListPage from './MessageListPage.tsx';
import SecondListPage from './SecondListPage.tsx';
import ToReportPage from './ToReportPage.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

// antd-mobile's InfiniteScroll loads more only for a laid-out element; jsdom lays nothing out.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

/** The caller's messages as the server keeps them: newest (highest id) first. */
let store: MessageItem[];
let reportAnswer: () => unknown;
/** My books as the book list answers them (their zones); none unless a test says so. */
let books: Array<{ id: string; time_zone: string }> | undefined;
const msg = (id: number, bookId: string | null, extra: Partial<MessageItem> = {}): MessageItem => ({
  msg_id: String(id),
  msg_state: 'unread',
  kind: 'book.recorded',
  title: `标题${id}`,
  body: `内容${id}`,
  link: bookId ? `dashboard/index?TradingEntity=${bookId}` : '',
  book_id: bookId,
  created_at: Date.UTC(2026, 0, 1) + id * 60_000,
  count: 1,
  ...extra,
});
const unread = () => store.filter((m) => m.msg_state === 'unread').length;
const change = (changed: number) => ({ data: { changed, unread: unread() } });

function answer(url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  const d = o.data ?? {};
  if (url === MESSAGE_PATHS.userSummary) return { data: { items: [], unread: unread() } };
  if (url === MESSAGE_PATHS.bookSummary) {
    const ids = [...new Set(store.map((m) => m.book_id))];
    return {
      data: ids.map((id): BookMessageSummary => {
        const mine = store.filter((m) => m.book_id === id).sort((a, b) => Number(b.msg_id) - Number(a.msg_id));
        const n = mine.filter((m) => m.msg_state === 'unread').length;
        return {
          book_id: id,
          book_name: id ? `账本${id}` : '',
          msg_state: n ? 'unread' : 'read',
          msg_num: n,
          total: mine.length,
          latest: mine[0] ?? null,
        };
      }),
    };
  }
  if (url === MESSAGE_PATHS.messages) {
    const size = Number(d.page_size ?? 20);
    const rows = store
      // As the server: '0' names the messages about the caller alone.
      .filter((m) => (d.account_book_id ? (m.book_id ?? '0') === d.account_book_id : true))
      .filter((m) => (d.last_id ? Number(m.msg_id) < Number(d.last_id) : true))
      .sort((a, b) => Number(b.msg_id) - Number(a.msg_id));
    const page = rows.slice(0, size).map((m) => ({ ...m }));
    const more = rows.length > size;
    if (!more && page.length) page[page.length - 1]!.lastOne = true;
    return { data: page, paging: { has_more: more, last_id: page.at(-1)?.msg_id ?? null } };
  }
  if (url === MESSAGE_PATHS.readAll) {
    const n = unread();
    store.forEach((m) => (m.msg_state = 'read'));
    return change(n);
  }
  if (url === MESSAGE_PATHS.readBook || url === MESSAGE_PATHS.deleteBook) {
    const hit = store.filter((m) => (m.book_id ?? '0') === d.account_book_id);
    if (url === MESSAGE_PATHS.readBook) hit.forEach((m) => (m.msg_state = 'read'));
    else store = store.filter((m) => (m.book_id ?? '0') !== d.account_book_id);
    return change(hit.length);
  }
  const one = /message-(read|delete)\/(\d+)$/.exec(url);
  if (one) {
    const m = store.find((x) => x.msg_id === one[2]);
    if (!m) throw new ApiError(404, 1120, '消息不存在');
    if (one[1] === 'read') m.msg_state = 'read';
    else store = store.filter((x) => x !== m);
    return change(1);
  }
  if (url === MESSAGE_PATHS.report) return reportAnswer();
  if (url === BOOK_PATHS.cloudList && books) return { cloud_book_list: books };
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
/** The pages, with the tab bar drawn beside them (its badge is what the tests watch). */
const withTabBar = (Page: () => React.ReactNode) =>
  function WithTabBar() {
    return (
      <>
        <Page />
        <AppTabBar />
      </>
    );
  };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/messageCenter/list': withTabBar(MessageListPage),
    '/messageCenter/secondList': withTabBar(SecondListPage),
    '/messageCenter/messageDetail': withTabBar(MessageDetailPage),
    '/messageCenter/toReport': ToReportPage,
  });
};
/**
 * Taps what asks before deleting and answers the question it asked. antd-mobile's dialogs
 * live outside the rendered tree and close with an animation, so an earlier test's may
 * still be there: the one to answer is the one that appears.
 */
async function confirmAfter(tap: HTMLElement): Promise<HTMLElement> {
  const before = screen.queryAllByTestId('confirm-danger').length;
  fireEvent.click(tap);
  await waitFor(() => expect(screen.queryAllByTestId('confirm-danger').length).toBeGreaterThan(before));
  return screen.getAllByTestId('confirm-danger').at(-1)!;
}
const calls = (url: string) => request.mock.calls.filter(([u]) => u === url);
const badge = () => screen.queryByTestId('tab-mine-badge')?.textContent ?? null;

describe('the message center', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve().then(() => answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138007' } as never, login: true });
    useUnreadStore.setState({ unread: undefined });
    reportAnswer = () => ({ data: { report_id: '1', status: 'open' } });
    books = undefined;
    store = [
      msg(1, null, { kind: 'invitation.received', title: '账本邀请' }),
      msg(2, '11'),
      msg(3, '11', { msg_state: 'read' }),
      msg(4, '12'),
    ];
  });

  describe('list', () => {
    it('shows each book with its unread count and latest message, and the row about the caller alone', async () => {
      renderAt('/messageCenter/list');
      const book = await screen.findByTestId('messages-book-11');
      expect(book.textContent).toContain('账本11');
      expect(within(book).getByTestId('messages-book-latest-11').textContent).toBe('标题3');
      expect(book.textContent).toContain('1');
      expect(screen.getByTestId('messages-book-0').textContent).toContain('与我有关');
      expect(screen.getByTestId('messages-book-0').textContent).toContain('账本邀请');
      // The badge: one summary call before any live event.
      await waitFor(() => expect(badge()).toBe('3'));
      expect(calls(MESSAGE_PATHS.userSummary)).toHaveLength(1);

      fireEvent.click(book);
      await waitFor(() => expect(page.location()).toBe('/messageCenter/secondList?account_book_id=11'));
    });

    it('reads a book, deletes one after asking, and reads everything after asking', async () => {
      renderAt('/messageCenter/list');
      await screen.findByTestId('messages-book-11');
      await waitFor(() => expect(badge()).toBe('3'));

      fireEvent.click(screen.getByTestId('messages-book-read-11'));
      await waitFor(() => expect(badge()).toBe('2'));
      expect(calls(MESSAGE_PATHS.readBook)[0]![1].data).toEqual({ account_book_id: '11' });

      fireEvent.click(await confirmAfter(screen.getByTestId('messages-book-delete-12')));
      await waitFor(() => expect(screen.queryByTestId('messages-book-12')).toBeNull());
      expect(badge()).toBe('1');

      fireEvent.click(screen.getByTestId('messages-read-all'));
      fireEvent.click(await screen.findByTestId('messages-read-all-confirm'));
      await waitFor(() => expect(badge()).toBeNull());
      expect(calls(MESSAGE_PATHS.readAll)).toHaveLength(1);
    });

    it('says there are no messages', async () => {
      store = [];
      renderAt('/messageCenter/list');
      expect((await screen.findByTestId('messages-empty')).textContent).toContain('没有消息');
    });

    it('offers a retry when the summary fails', async () => {
      request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) =>
        url === MESSAGE_PATHS.bookSummary ? Promise.reject(new ApiError(500, 500, 'x')) : Promise.resolve(answer(url, o)),
      );
      renderAt('/messageCenter/list');
      await screen.findByTestId('load-failed');
    });
  });

  describe('secondList', () => {
    it('appends pages newest first and ends at the item flagged lastOne', async () => {
      store = Array.from({ length: 45 }, (_, i) => msg(i + 1, '11', { msg_state: i % 2 ? 'read' : 'unread' }));
      renderAt('/messageCenter/secondList?account_book_id=11');
      await screen.findByTestId('message-45');
      await waitFor(() => expect(screen.getByTestId('messages-end').textContent).toBe('没有更多了'), { timeout: 3000 });
      const ids = within(screen.getByTestId('message-list'))
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid);
      expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => `message-${45 - i}`));
      expect(screen.getByTestId('message-1').dataset.last).toBe('true');
      expect(screen.getByTestId('message-45').dataset.state).toBe('unread');
      expect(screen.getByTestId('message-44').dataset.state).toBe('read');
      // Three pages: the first, then two appended after the last ids seen.
      expect(calls(MESSAGE_PATHS.messages).map(([, o]) => o.data)).toEqual([
        { account_book_id: '11', page_size: 20 },
        { account_book_id: '11', page_size: 20, last_id: '26' },
        { account_book_id: '11', page_size: 20, last_id: '6' },
      ]);
    });

    it('deletes one message after asking', async () => {
      renderAt('/messageCenter/secondList?account_book_id=11');
      await screen.findByTestId('message-2');
      fireEvent.click(await confirmAfter(screen.getByTestId('message-delete-2')));
      await waitFor(() => expect(screen.queryByTestId('message-2')).toBeNull());
      expect(calls('/cab-query-ws/v1/message-notice/message-delete/2')).toHaveLength(1);
    });

    it('the row about the caller alone lists the messages with no book', async () => {
      renderAt('/messageCenter/secondList?account_book_id=0');
      await screen.findByTestId('message-1');
      expect(screen.queryByTestId('message-2')).toBeNull();
    });
  });

  describe('messageDetail', () => {
    it('opening an unread message reads it and the badge falls', async () => {
      renderAt('/messageCenter/secondList?account_book_id=11');
      await waitFor(() => expect(badge()).toBe('3'));
      fireEvent.click(await screen.findByTestId('message-open-2'));
      await screen.findByTestId('message-detail');
      expect(screen.getByTestId('message-title').textContent).toBe('标题2');
      expect(screen.getByTestId('message-body').textContent).toBe('内容2');
      await waitFor(() => expect(badge()).toBe('2'));
      expect(calls('/cab-query-ws/v1/message-notice/message-read/2')).toHaveLength(1);
      expect(screen.getByTestId('message-detail').dataset.state).toBe('read');

      fireEvent.click(screen.getByTestId('message-link'));
      await waitFor(() => expect(page.location()).toBe('/dashboard/index?TradingEntity=11'));
    });

    it('opened directly, finds the message by its id, shows a batch count, leads to the report', async () => {
      store.push(msg(9, '11', { count: 3, msg_state: 'read' }));
      renderAt('/messageCenter/messageDetail?msg_id=9');
      await screen.findByTestId('message-detail');
      expect(calls(MESSAGE_PATHS.messages)[0]![1].data).toEqual({ page_size: 1, last_id: '10' });
      expect(screen.getByTestId('message-count').textContent).toContain('共 3 笔');
      expect(calls('/cab-query-ws/v1/message-notice/message-read/9')).toHaveLength(0);
      fireEvent.click(screen.getByTestId('message-report'));
      await waitFor(() => expect(page.location()).toBe('/messageCenter/toReport?target_type=message&target_id=9'));
    });

    it('a message that is not there says so', async () => {
      renderAt('/messageCenter/messageDetail?msg_id=77');
      await screen.findByTestId('message-gone');
    });
  });

  describe('book times', () => {
    // A zone whose clock is not the phone's, whatever zone the machine running the tests is in.
    const phone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const at = Date.UTC(2026, 0, 1, 16, 30);
    const offsetOf = (zone: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
        })
          .formatToParts(at)
          .map((x) => [x.type, Number(x.value)]),
      );
      return (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - at) / 60_000;
    };
    const zone = offsetOf(phone) === 480 ? 'America/New_York' : 'Asia/Shanghai';
    const label = zone === 'Asia/Shanghai' ? '+8' : '-5';
    const shown = (timeZone: string) =>
      new Intl.DateTimeFormat('zh-CN', {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }).format(at);
    beforeEach(() => {
      books = [{ id: '11', time_zone: zone }];
      store = [msg(1, null, { created_at: at }), msg(2, '11', { created_at: at })];
    });

    it("shows a book's messages on the book's clock and names it, and the caller's own on the phone's", async () => {
      expect(shown(zone)).not.toBe(shown(phone));
      renderAt('/messageCenter/list');
      await waitFor(() => expect(screen.getByTestId('messages-book-11').textContent).toContain(shown(zone)));
      expect(screen.getByTestId('messages-book-0').textContent).toContain(shown(phone));

      cleanup();
      renderAt('/messageCenter/secondList?account_book_id=11');
      await waitFor(() => expect(screen.getByTestId('message-2').textContent).toContain(shown(zone)));
      expect(screen.getByTestId('zone-note').textContent).toBe(`时间按账本时区（${label}）显示`);

      cleanup();
      renderAt('/messageCenter/secondList?account_book_id=0');
      await waitFor(() => expect(screen.getByTestId('message-1').textContent).toContain(shown(phone)));
      expect(screen.queryByTestId('zone-note')).toBeNull();
    });

    it("a book's message names the book's zone in its details", async () => {
      renderAt('/messageCenter/messageDetail?msg_id=2');
      await waitFor(() => expect(screen.getByTestId('message-detail').textContent).toContain(shown(zone)));
      expect(screen.getByTestId('message-zone').textContent).toContain(`账本时区（${label}）`);
    });
  });

  describe('toReport', () => {
    const renderReport = () => renderAt('/messageCenter/toReport?target_type=thread&target_id=5');

    it('asks for a reason when nothing is chosen or written', async () => {
      renderReport();
      fireEvent.click(await screen.findByTestId('report-submit'));
      expect((await screen.findByTestId('report-error')).textContent).toBe('请选择原因或填写说明');
      expect(calls(MESSAGE_PATHS.report)).toHaveLength(0);
      fireEvent.change(screen.getByTestId('report-text'), { target: { value: 'x' } });
      expect(screen.queryByTestId('report-error')).toBeNull();
    });

    it('cuts 201 characters to 200 and counts them; a chosen reason with 200 more is too long', async () => {
      renderReport();
      const box = (await screen.findByTestId('report-text')) as HTMLTextAreaElement;
      fireEvent.change(box, { target: { value: 'a'.repeat(201) } });
      expect(box.value).toHaveLength(200);
      expect(screen.getByTestId('report-count').textContent).toBe('200/200');
      fireEvent.click(screen.getByTestId('report-reason-spam'));
      fireEvent.click(screen.getByTestId('report-submit'));
      expect((await screen.findByTestId('report-error')).textContent).toBe('说明最多 195 个字');
      expect(calls(MESSAGE_PATHS.report)).toHaveLength(0);
    });

    it('sends the chosen reason with the words, and shows the server refusal as it is', async () => {
      reportAnswer = () => {
        throw new ApiError(409, 1121, '你已经举报过了');
      };
      renderReport();
      fireEvent.click(await screen.findByTestId('report-reason-abuse'));
      fireEvent.change(screen.getByTestId('report-text'), { target: { value: ' 骂人 ' } });
      fireEvent.click(screen.getByTestId('report-submit'));
      expect((await screen.findByTestId('report-refused')).textContent).toBe('你已经举报过了');
      expect(calls(MESSAGE_PATHS.report)[0]![1].data).toEqual({ target_type: 'thread', target_id: '5', reason: '辱骂攻击：骂人' });
    });

    it('goes back after a report is filed', async () => {
      renderReport();
      fireEvent.change(await screen.findByTestId('report-text'), { target: { value: '广告' } });
      fireEvent.click(screen.getByTestId('report-submit'));
      // The only page on the stack: back goes home.
      await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
    });

    it('a target that cannot be reported says so', async () => {
      renderAt('/messageCenter/toReport?target_type=book&target_id=5');
      await screen.findByTestId('report-bad-target');
    });
  });

  describe('the badge', () => {
    it('follows the live store: a {type:messages} event changes it without a reload', async () => {
      renderAt('/messageCenter/list');
      await waitFor(() => expect(badge()).toBe('3'));
      act(() => applyLiveEvent(null as never, { type: 'messages', unread: 5 }));
      expect(badge()).toBe('5');
      act(() => applyLiveEvent(null as never, { type: 'messages', unread: 120 }));
      expect(badge()).toBe('99+');
      act(() => applyLiveEvent(null as never, { type: 'messages', unread: 0 }));
      expect(badge()).toBeNull();
    });

    it('is not shown logged out', async () => {
      useUserStore.setState({ user: null, login: false });
      useUnreadStore.setState({ unread: 4 });
      renderPages('/x', { '/x': AppTabBar });
      await screen.findByTestId('tab-bar');
      expect(badge()).toBeNull();
      expect(calls(MESSAGE_PATHS.userSummary)).toHaveLength(0);
    });
  });
});
