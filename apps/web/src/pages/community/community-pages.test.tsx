import { BOOK_PATHS, FORUM_PATHS, MEMBER_PATHS, type Comment, type Thread } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { useBookStore } from '../../stores/book.ts';
import { useUserStore } from '../../stores/user.ts';
import { renderPages } from '../../test-pages.tsx';
import CommunityDetailPage from './CommunityDetailPage.tsx';
import CommunityListPage from './CommunityListPage.tsx';
import CommunityPostPage from './CommunityPostPage.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

// antd-mobile's InfiniteScroll loads more only for a laid-out element; jsdom lays nothing out.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

const author = { user_id: '7', nickname: '小明', avatar_url: '' };
const thread = (tid: string, extra: Partial<Thread> = {}): Thread => ({
  tid,
  scene: 'book',
  subject: `帖子 ${tid}`,
  message: `第一行 ${tid}\n第二行`,
  tags: [],
  author,
  pinned: false,
  reply_count: 0,
  created_at: Date.UTC(2026, 0, 2),
  updated_at: Date.UTC(2026, 0, 2),
  last_activity_at: Date.UTC(2026, 0, 2),
  mine: true,
  can_edit: true,
  can_delete: true,
  can_pin: true,
  ...extra,
});

interface Fake {
  threads: Thread[];
  official: Thread[];
  comments: Comment[];
  canPinBook: boolean;
  replyFails?: ApiError;
  nextTid: number;
}
let fake: Fake;
const page = (data: unknown[]) => ({ data, paging: { has_more: false, cursor: null } });

function answer(url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  const d = o.data ?? {};
  if (url === FORUM_PATHS.threads) {
    if (d.tab === 'official') return page(fake.official);
    return page(d.tab === 'notice' ? fake.threads.filter((t) => t.pinned) : fake.threads);
  }
  const detail = /\/thread\/detail\/(book|official)\/(\d+)$/.exec(url);
  if (detail) {
    const t = [...fake.threads, ...fake.official].find((x) => x.tid === detail[2] && x.scene === detail[1]);
    if (!t) throw new ApiError(404, 1110, '帖子不存在');
    return { data: t };
  }
  if (url === FORUM_PATHS.comments) return page(fake.comments.filter((c) => c.parent_pid === d.pid));
  if (url === FORUM_PATHS.operate) {
    fake.threads = fake.threads.map((t) => (t.tid === d.tid ? { ...t, pinned: d.action === 'pin' } : t));
    return { data: fake.threads.find((t) => t.tid === d.tid) };
  }
  if (url === FORUM_PATHS.thread) {
    const t = thread(String(fake.nextTid++), { subject: String(d.subject), message: String(d.message), tags: d.tags as string[] });
    fake.threads = [t, ...fake.threads];
    return { data: t };
  }
  if (url === FORUM_PATHS.reply) {
    if (fake.replyFails) throw fake.replyFails;
    // As the server does: an answer to a reply is listed under the same comment, naming the reply.
    const answered = fake.comments.find((x) => x.pid === String(d.pid));
    const toReply = answered !== undefined && answered.parent_pid !== '0';
    const c: Comment = {
      pid: String(500 + fake.comments.length),
      tid: String(d.tid),
      parent_pid: toReply ? answered.parent_pid : String(d.pid),
      reply_to: toReply ? { pid: answered.pid, nickname: answered.author.nickname } : null,
      message: String(d.message),
      author,
      reply_count: 0,
      created_at: Date.now(),
      mine: true,
    };
    fake.comments.push(c);
    return { data: c };
  }
  if (url.startsWith(BOOK_PATHS.book))
    return {
      data: {
        id: '9',
        name: '家庭',
        role_list: [{ role_id: fake.canPinBook ? '2' : '4', role_name: fake.canPinBook ? 'admin' : 'member' }],
      },
    };
  if (url === MEMBER_PATHS.permissions) return { data: { '05000101': fake.canPinBook ? '1' : '0' } };
  throw new Error(`unexpected call ${url}`);
}

let where: { location: () => string };
const renderAt = (path: string) => {
  where = renderPages(path, {
    '/community/list': CommunityListPage,
    '/community/detail': CommunityDetailPage,
    '/community/post': CommunityPostPage,
  });
};
const callsTo = (url: string) =>
  request.mock.calls.filter(([u]) => u === url) as Array<
    [string, { method?: string; data?: Record<string, unknown>; tradingEntity?: string }]
  >;

describe('the community screens', () => {
  afterEach(cleanup);
  beforeEach(() => {
    localStorage.clear();
    fake = { threads: [], official: [], comments: [], canPinBook: true, nextTid: 100 };
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve().then(() => answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138007' } as never, login: true });
    useBookStore.setState({ bookId: '9', bookTemplateId: '', meta: null });
  });

  describe('the list', () => {
    it('shows each thread with its first line, author, replies and notice mark, in the current book', async () => {
      fake.threads = [thread('1', { pinned: true, reply_count: 3 }), thread('2')];
      renderAt('/community/list');
      const row = await screen.findByTestId('thread-1');
      expect(row.textContent).toContain('帖子 1');
      expect(row.textContent).toContain('第一行 1');
      expect(row.textContent).not.toContain('第二行');
      expect(row.textContent).toContain('小明');
      expect(within(row).getByTestId('thread-replies').textContent).toBe('3');
      expect(within(row).getByTestId('thread-pinned').textContent).toBe('公告');
      expect(within(screen.getByTestId('thread-2')).queryByTestId('thread-pinned')).toBeNull();
      const [, o] = callsTo(FORUM_PATHS.threads)[0]!;
      expect(o.data).toMatchObject({ tab: 'top', page_size: 20 });
      expect(o.tradingEntity).toBe('9');

      fireEvent.click(row);
      await screen.findByTestId('page-community-detail');
      expect(where.location()).toBe('/community/detail?tid=1&scene=book');
    });

    it('says when there are no posts, and the post button opens the editor', async () => {
      renderAt('/community/list');
      expect((await screen.findByTestId('community-empty')).textContent).toContain('还没有帖子，来发第一帖');
      fireEvent.click(screen.getByTestId('community-post'));
      await screen.findByTestId('page-community-post');
    });

    it('opens an official announcement with the official scene, without comments', async () => {
      fake.official = [
        thread('50', {
          scene: 'official',
          author: { user_id: '0', nickname: 'CAB', avatar_url: '' },
          can_edit: false,
          can_delete: false,
          can_pin: false,
          mine: false,
        }),
      ];
      renderAt('/community/list?tab=official');
      fireEvent.click(await screen.findByTestId('thread-50'));
      await screen.findByTestId('thread');
      expect(where.location()).toBe('/community/detail?tid=50&scene=official');
      expect(screen.getByTestId('comments-closed')).toBeTruthy();
      expect(screen.queryByTestId('reply-box')).toBeNull();
      expect(screen.queryByTestId('thread-edit-bar')).toBeNull();
    });
  });

  describe('a thread', () => {
    it('shows what was written as text, with exactly one safe link', async () => {
      fake.threads = [thread('1', { message: '<script>alert(1)</script> see https://example.com/x', tags: ['旅行'] })];
      renderAt('/community/detail?tid=1&scene=book');
      const msg = await screen.findByTestId('thread-message');
      expect(msg.textContent).toBe('<script>alert(1)</script> see https://example.com/x');
      expect(document.querySelector('script')).toBeNull();
      const links = msg.querySelectorAll('a');
      expect(links).toHaveLength(1);
      expect(links[0]!.getAttribute('href')).toBe('https://example.com/x');
      expect(links[0]!.textContent).toBe('https://example.com/x');
      expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(links[0]!.getAttribute('target')).toBe('_blank');
      expect(screen.getByTestId('thread-tags').textContent).toBe('旅行');
    });

    it('never makes a link of anything but http(s), and leaves sentence punctuation out', async () => {
      fake.threads = [
        thread('1', { message: 'javascript:alert(1) data:text/html,x <a href="https://evil.example">x</a> 看 https://a.example/p?q=1。' }),
      ];
      renderAt('/community/detail?tid=1&scene=book');
      const msg = await screen.findByTestId('thread-message');
      const links = [...msg.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(links).toEqual(['https://evil.example/', 'https://a.example/p?q=1']);
      expect(msg.textContent).toContain('<a href="');
      expect(msg.textContent?.endsWith('。')).toBe(true);
    });

    it('offers only what the caller may do', async () => {
      fake.threads = [
        thread('1', { can_pin: false, can_delete: false, can_edit: true }),
        thread('2', { can_pin: true, can_delete: true, can_edit: false, mine: false }),
        thread('3', { can_pin: false, can_delete: false, can_edit: false, mine: false }),
      ];
      renderAt('/community/detail?tid=1&scene=book');
      await screen.findByTestId('thread-edit-bar');
      expect(screen.getByTestId('thread-edit')).toBeTruthy();
      expect(screen.queryByTestId('thread-pin')).toBeNull();
      expect(screen.queryByTestId('thread-delete')).toBeNull();
      cleanup();
      renderAt('/community/detail?tid=2&scene=book');
      await screen.findByTestId('thread-edit-bar');
      expect(screen.queryByTestId('thread-edit')).toBeNull();
      expect(screen.getByTestId('thread-pin')).toBeTruthy();
      expect(screen.getByTestId('thread-delete')).toBeTruthy();
      cleanup();
      renderAt('/community/detail?tid=3&scene=book');
      await screen.findByTestId('thread');
      expect(screen.queryByTestId('thread-edit-bar')).toBeNull();
    });

    it('pins and unpins the notice with operate', async () => {
      fake.threads = [thread('1')];
      renderAt('/community/detail?tid=1&scene=book');
      fireEvent.click(await screen.findByTestId('thread-pin'));
      await waitFor(() => expect(screen.getByTestId('thread-pin').textContent).toContain('取消公告'));
      fireEvent.click(screen.getByTestId('thread-pin'));
      await waitFor(() => expect(screen.getByTestId('thread-pin').textContent).toContain('设为公告'));
      expect(callsTo(FORUM_PATHS.operate).map(([, o]) => [o.method, o.data, o.tradingEntity])).toEqual([
        ['PUT', { tid: '1', action: 'pin', operates: 'notice' }, '9'],
        ['PUT', { tid: '1', action: 'unpin', operates: 'notice' }, '9'],
      ]);
    });

    it('edit leads to the editor, prefilled', async () => {
      fake.threads = [thread('1', { tags: ['a', 'b'] })];
      renderAt('/community/detail?tid=1&scene=book');
      fireEvent.click(await screen.findByTestId('thread-edit'));
      await screen.findByTestId('post-subject');
      expect(where.location()).toBe('/community/post?tid=1');
      expect(screen.getByDisplayValue('帖子 1')).toBeTruthy();
      expect(screen.getByTestId('post-tags').textContent).toBe('ab');
    });

    it('shows comments with their replies on a tap, and sends a comment', async () => {
      fake.threads = [thread('1', { reply_count: 2 })];
      fake.comments = [
        { pid: '11', tid: '1', parent_pid: '0', reply_to: null, message: '第一条评论', author, reply_count: 1, created_at: 1, mine: false },
        { pid: '12', tid: '1', parent_pid: '11', reply_to: null, message: '一条回复', author, reply_count: 0, created_at: 2, mine: false },
      ];
      renderAt('/community/detail?tid=1&scene=book');
      expect((await screen.findByTestId('comment-11')).textContent).toContain('第一条评论');
      expect(screen.queryByText('一条回复')).toBeNull();
      fireEvent.click(screen.getByTestId('replies-toggle-11'));
      expect(await screen.findByText('一条回复')).toBeTruthy();
      expect(callsTo(FORUM_PATHS.comments).map(([, o]) => o.data)).toEqual([
        { tid: '1', pid: '0', page_size: 20 },
        { tid: '1', pid: '11', page_size: 20 },
      ]);

      const input = document.getElementById('community-reply-input') as HTMLTextAreaElement;
      fireEvent.click(screen.getByTestId('reply-send'));
      expect(screen.getByTestId('reply-error').textContent).toBe('请先写点内容');
      fireEvent.change(input, { target: { value: '好主意' } });
      expect(screen.queryByTestId('reply-error')).toBeNull();
      expect(screen.getByTestId('reply-box').textContent).toContain('3/5000');
      fireEvent.click(screen.getByTestId('reply-send'));
      await waitFor(() => expect(input.value).toBe(''));
      expect(callsTo(FORUM_PATHS.reply)[0]![1].data).toEqual({ tid: '1', message: '好主意', pid: '0' });
    });

    it('answers a reply: the answer shows under the same comment, naming whom it answers', async () => {
      fake.threads = [thread('1', { reply_count: 2 })];
      const other = { ...author, user_id: '8', nickname: '小红' };
      fake.comments = [
        { pid: '11', tid: '1', parent_pid: '0', reply_to: null, message: '第一条评论', author, reply_count: 1, created_at: 1, mine: false },
        {
          pid: '12',
          tid: '1',
          parent_pid: '11',
          reply_to: null,
          message: '一条回复',
          author: other,
          reply_count: 0,
          created_at: 2,
          mine: false,
        },
      ];
      renderAt('/community/detail?tid=1&scene=book');
      fireEvent.click(await screen.findByTestId('replies-toggle-11'));
      const replies = await screen.findByTestId('replies-11');
      fireEvent.click(within(within(replies).getByTestId('comment-12')).getByTestId('comment-reply'));
      expect(screen.getByTestId('reply-target').textContent).toContain('回复 小红');
      const input = document.getElementById('community-reply-input') as HTMLTextAreaElement;
      fireEvent.change(input, { target: { value: '同意' } });
      fireEvent.click(screen.getByTestId('reply-send'));
      await waitFor(() => expect(input.value).toBe(''));
      expect(callsTo(FORUM_PATHS.reply)[0]![1].data).toEqual({ tid: '1', message: '同意', pid: '12' });
      const answer = await within(replies).findByText('同意');
      const item = answer.closest('li')!;
      expect(within(item as HTMLElement).getByTestId('comment-reply-to').textContent).toBe('回复 小红');
      expect(screen.queryByTestId('reply-target')).toBeNull();
    });

    it('keeps the text when the server says too often (429)', async () => {
      fake.threads = [thread('1')];
      fake.replyFails = new ApiError(429, 1040, '发得太频繁了，请过一分钟再试');
      renderAt('/community/detail?tid=1&scene=book');
      await screen.findByTestId('reply-input');
      const input = document.getElementById('community-reply-input') as HTMLTextAreaElement;
      fireEvent.change(input, { target: { value: '再说一句' } });
      fireEvent.click(screen.getByTestId('reply-send'));
      await waitFor(() => expect(callsTo(FORUM_PATHS.reply)).toHaveLength(1));
      await waitFor(() => expect(screen.getByTestId('reply-send').className).not.toContain('loading'));
      expect(input.value).toBe('再说一句');
    });

    it('says so when the thread is gone', async () => {
      renderAt('/community/detail?tid=404&scene=book');
      expect((await screen.findByTestId('thread-gone')).textContent).toContain('帖子不存在或已被删除');
    });
  });

  describe('the editor', () => {
    it('shows each field its error, clears it on typing, and posts nothing until both are filled', async () => {
      renderAt('/community/post');
      fireEvent.click(await screen.findByTestId('post-submit'));
      expect(screen.getByTestId('post-subject-error').textContent).toBe('请填写标题');
      expect(screen.getByTestId('post-message-error').textContent).toBe('请填写内容');
      expect(screen.getByTestId('post-subject-error').getAttribute('role')).toBe('alert');
      fireEvent.change(screen.getByTestId('post-subject').querySelector('input') ?? screen.getByTestId('post-subject'), {
        target: { value: '周末聚餐' },
      });
      expect(screen.queryByTestId('post-subject-error')).toBeNull();
      expect(screen.getByTestId('post-message-error')).toBeTruthy();
      expect(callsTo(FORUM_PATHS.thread)).toHaveLength(0);
    });

    it('posts with tags, pins it for a manager, and opens the thread', async () => {
      renderAt('/community/post');
      await screen.findByTestId('post-pin');
      const field = (id: string) => screen.getByTestId(id).querySelector('input, textarea') ?? screen.getByTestId(id);
      fireEvent.change(field('post-subject'), { target: { value: '周末聚餐' } });
      fireEvent.change(field('post-message'), { target: { value: '周六晚上\n老地方' } });
      fireEvent.change(field('post-tag-input'), { target: { value: '聚餐' } });
      fireEvent.click(screen.getByTestId('post-tag-add'));
      fireEvent.change(field('post-tag-input'), { target: { value: '聚餐' } });
      fireEvent.click(screen.getByTestId('post-tag-add'));
      expect(screen.getByTestId('post-tag-error').textContent).toBe('已经有这个标签了');
      fireEvent.click(screen.getByTestId('post-pin'));
      expect(screen.getByTestId('post-pin').getAttribute('aria-checked')).toBe('true');
      fireEvent.click(screen.getByTestId('post-submit'));
      await screen.findByTestId('page-community-detail');
      expect(where.location()).toBe('/community/detail?tid=100&scene=book');
      expect(callsTo(FORUM_PATHS.thread)[0]![1].data).toEqual({ subject: '周末聚餐', message: '周六晚上\n老地方', tags: ['聚餐'] });
      expect(callsTo(FORUM_PATHS.operate)[0]![1].data).toEqual({ tid: '100', action: 'pin', operates: 'notice' });
    });

    it('shows no pin switch to a member who may not pin', async () => {
      fake.canPinBook = false;
      renderAt('/community/post');
      await screen.findByTestId('post-form');
      await waitFor(() => expect(callsTo(MEMBER_PATHS.permissions)).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 10));
      expect(screen.queryByTestId('post-pin')).toBeNull();
    });
  });
});
