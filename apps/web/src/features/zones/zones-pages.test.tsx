import { CLOUD_PATHS, ZONE_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import PrivateIndexPage from '../../pages/private/PrivateIndexPage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { renderPages } from '../../test-pages.tsx';
import { BOOK, ZONE, migration, place, resetZones, zone, zoneFake, type ZoneFake } from './test-fixtures.ts';

/** The private server page (private/index): its states, popups and a move in flight; the other pages: zones-offline-env.test.tsx. */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
// What the screens say went well (a toast), read here rather than from antd-mobile's toast in the document.
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; data?: Record<string, unknown>; tradingEntity?: string; showError?: boolean };
const calls = (url: string) => request.mock.calls.filter(([u]) => String(u).split('?')[0] === url).map(([, o]) => o as Call);
const STATUS = bookPath(ZONE_PATHS.migrationStatus, { book_id: BOOK, migration_type: 'public-to-private' });
const CANCEL = bookPath(ZONE_PATHS.migrationCancel, { book_id: BOOK, migration_type: 'public-to-private' });

let f: ZoneFake;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/private/index': PrivateIndexPage,
  });
};

beforeEach(() => {
  toast.showToast.mockClear();
  f = zoneFake();
  resetZones(request, () => f);
  useBookStore.setState({ bookId: BOOK, bookTemplateId: 't1', meta: { name: '家庭', currency: 'CNY', creatorName: '小明' } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the private server page: each state its area', () => {
  const approved = { audit_status: 'approved' as const };
  it.each([
    ['open', place(), 'private-open'],
    ['awaiting', place({ audit_status: 'applied', page_state: 'to-deploy' }), 'private-awaiting'],
    ['register', place({ ...approved, page_state: 'to-deploy' }), 'private-to-register'],
    [
      'deploy',
      place({ ...approved, page_state: 'approved-to-deploy', zone: zone({ server_deployed: false, last_seen_at: null }) }),
      'private-deploy',
    ],
    ['migrate', place({ ...approved, page_state: 'to-be-migrated', zone: zone() }), 'private-to-migrate'],
    [
      'migrating',
      place({ ...approved, zone_state: 'migrating', page_state: 'migrating', zone: zone(), migration: migration() }),
      'migration-progress',
    ],
    ['remote', place({ ...approved, zone_state: 'remote', zone: zone({ books: 1 }) }), 'private-remote'],
    ['rejected', place({ audit_status: 'rejected' }), 'private-rejected'],
  ])('%s', async (view, answer, area) => {
    f.place = answer;
    f.polls = [answer.migration];
    renderAt(`/private/index?bookId=${BOOK}`);
    await screen.findByTestId(area);
    expect(screen.getByTestId('page-private').getAttribute('data-view')).toBe(view);
    expect(screen.getByTestId('private-book').textContent).toBe('账本「家庭」');
    expect(calls(ZONE_PATHS.bookZone)[0]).toMatchObject({ method: 'GET', tradingEntity: BOOK, showError: false });
  });

  it('a refused application shows the reviewer’s note and applies again; the review waits with its time', async () => {
    f.place = place({ audit_status: 'rejected' });
    f.fn = { ...f.fn, status: 'rejected', remark: '请补充部署环境', applied_at: Date.UTC(2026, 10, 1), decided_at: Date.UTC(2026, 10, 2) };
    renderAt('/private/index');
    expect((await screen.findByTestId('private-rejected-remark')).textContent).toBe('审核意见：请补充部署环境');
    expect(screen.getByTestId('private-apply').textContent).toBe('重新申请');
  });

  it('starting the server: the settings without the secret and the two commands; check again asks once more', async () => {
    f.place = place({
      audit_status: 'approved',
      page_state: 'approved-to-deploy',
      zone: zone({ server_deployed: false, last_seen_at: null }),
    });
    renderAt('/private/index');
    const env = (await screen.findByTestId('private-deploy-env-text')).textContent;
    expect(env).toBe(`CAB_ZONE_ID=${ZONE}\nCAB_ZONE_PUBLIC_URL=${window.location.origin}\nCAB_ZONE_SECRET=<登记时显示的密钥>`);
    expect(screen.getByTestId('private-deploy-commands-text').textContent).toBe('npm install && npm start');
    expect(screen.getByTestId('private-deploy-waiting').textContent).toBe('服务器「门店服务器」还没有应答');
    fireEvent.click(screen.getByTestId('private-check'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('服务器还没有应答，请确认它已启动，并且能从公网访问'));
    // It answers now: the page turns to moving the book.
    f.place = place({ audit_status: 'approved', page_state: 'to-be-migrated', zone: zone() });
    fireEvent.click(screen.getByTestId('private-check'));
    await screen.findByTestId('private-to-migrate');
  });

  it('a member who does not own the book sees the server but no move', async () => {
    f.owner = false;
    f.place = place({ audit_status: 'approved', page_state: 'to-be-migrated', zone: zone() });
    renderAt('/private/index');
    await waitFor(() => expect(screen.getByTestId('private-owner-only').textContent).toBe('只有账本的所有者可以迁移账本'));
    expect(screen.queryByTestId('private-migrate')).toBeNull();
  });

  it('the no-device tab says how to run the server, with the two commands and the three settings', async () => {
    renderAt('/private/index');
    await screen.findByTestId('private-open');
    expect(screen.getByTestId('private-tab-device').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('private-tab-nodevice'));
    await screen.findByTestId('private-nodevice');
    expect(page.location()).toBe('/private/index?tab=nodevice');
    expect(screen.getByTestId('private-tab-nodevice').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('private-nodevice-commands-text').textContent).toBe('npm install && npm start');
    const env = screen.getByTestId('private-nodevice-env-text').textContent;
    for (const k of ['CAB_ZONE_ID=', 'CAB_ZONE_PUBLIC_URL=', 'CAB_ZONE_SECRET=', 'npm start']) expect(env).toContain(k);
    expect(screen.queryByTestId('private-open')).toBeNull();
  });
});

describe('applying (the status popup)', () => {
  it('shows "submit" while the application is on its way, then "success", and the page waits for the review', async () => {
    const answer = request.getMockImplementation()!;
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    request.mockImplementation((url: string, o: Call) =>
      url === CLOUD_PATHS.functionApply ? gate.then(() => answer(url, o)) : answer(url, o),
    );
    renderAt('/private/index');
    fireEvent.click(await screen.findByTestId('private-apply'));
    const popup = await screen.findByTestId('private-status');
    expect(popup.getAttribute('data-type')).toBe('submit');
    expect(screen.getByTestId('private-status-close').hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() => expect(screen.getByTestId('private-status').getAttribute('data-type')).toBe('success'));
    expect(calls(CLOUD_PATHS.functionApply)[0]).toMatchObject({
      method: 'POST',
      data: { biz_type: 'storage', biz_code: 'book_private_storage' },
      showError: false,
    });
    await screen.findByTestId('private-awaiting');
    fireEvent.click(screen.getByTestId('private-status-close'));
    await waitFor(() => expect(screen.queryByTestId('private-status')).toBeNull());
  });

  it('shows "error" with the server’s message, toasting nothing besides', async () => {
    f.applied = new ApiError(409, 1145, '已经提交过申请，请等待审核');
    renderAt('/private/index');
    fireEvent.click(await screen.findByTestId('private-apply'));
    await waitFor(() => expect(screen.getByTestId('private-status').getAttribute('data-type')).toBe('error'));
    expect(screen.getByTestId('private-status-message').textContent).toBe('已经提交过申请，请等待审核');
    expect(toast.showToast).not.toHaveBeenCalled();
  });
});

describe('the register form popup', () => {
  beforeEach(() => {
    f.place = place({ audit_status: 'approved', page_state: 'to-deploy' });
  });
  const open = async () => {
    renderAt('/private/index');
    fireEvent.click(await screen.findByTestId('private-register'));
    return screen.findByTestId('register-submit');
  };

  it('refuses an empty name and address, and an address that is not http(s)://host[:port][/path], under their fields', async () => {
    const submit = await open();
    fireEvent.click(submit);
    expect((await screen.findByTestId('register-name-error')).textContent).toBe('请填写服务器名称');
    expect(screen.getByTestId('register-url-error').textContent).toBe('请填写服务器的访问地址');
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: '门店服务器' } });
    expect(screen.queryByTestId('register-name-error')).toBeNull();
    for (const bad of ['ftp://cab.example', 'cab.example', 'https://cab.example/?q=1', 'https://user@cab.example']) {
      fireEvent.change(screen.getByTestId('register-url'), { target: { value: bad } });
      fireEvent.click(submit);
      expect(screen.getByTestId('register-url-error').textContent).toContain('http:// 或 https://');
    }
    expect(calls(ZONE_PATHS.zones)).toHaveLength(0);
  });

  it('cuts a name at 30 characters, with its count, and takes no spaces in the address', async () => {
    await open();
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: '店'.repeat(35) } });
    expect((screen.getByTestId('register-name') as HTMLInputElement).value).toBe('店'.repeat(30));
    expect(screen.getByTestId('register-form').textContent).toContain('30/30');
    fireEvent.change(screen.getByTestId('register-url'), { target: { value: ' https://cab.shop.example:8443/cab \n' } });
    expect((screen.getByTestId('register-url') as HTMLInputElement).value).toBe('https://cab.shop.example:8443/cab');
  });

  it('registers, then shows the secret and the settings once, to copy; closed, the page shows how to start without them', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const submit = await open();
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: ' 门店服务器 ' } });
    fireEvent.change(screen.getByTestId('register-url'), { target: { value: 'https://cab.shop.example' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('register-secret-text')).textContent).toBe('s3cr3t-once');
    expect(calls(ZONE_PATHS.zones)[0]).toMatchObject({
      method: 'POST',
      data: { name: '门店服务器', base_url: 'https://cab.shop.example' },
    });
    expect(screen.getByTestId('register-env-text').textContent).toBe(
      `CAB_ZONE_ID=${ZONE}\nCAB_ZONE_PUBLIC_URL=https://cab.example\nCAB_ZONE_SECRET=s3cr3t-once`,
    );
    expect(screen.getByTestId('register-secret-once').textContent).toContain('只在这里显示这一次');
    fireEvent.click(screen.getByTestId('register-env-copy'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('已复制'));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('CAB_ZONE_SECRET=s3cr3t-once'));
    // Behind the popup the page has moved on; the secret is nowhere once it closes.
    await screen.findByTestId('private-deploy');
    fireEvent.click(screen.getByTestId('register-close'));
    await waitFor(() => expect(screen.queryByTestId('register-secret-text')).toBeNull());
    expect(document.body.textContent).not.toContain('s3cr3t-once');
  });

  it('keeps the form when the server refuses, leaving its message to the request wrapper', async () => {
    f.registered = new ApiError(422, 1151, '私有化服务器最多登记 5 个');
    const submit = await open();
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: '门店服务器' } });
    fireEvent.change(screen.getByTestId('register-url'), { target: { value: 'https://cab.shop.example' } });
    fireEvent.click(submit);
    await waitFor(() => expect(calls(ZONE_PATHS.zones)).toHaveLength(1));
    // Not quiet: the wrapper toasts the server's words, as every refused action is.
    expect(calls(ZONE_PATHS.zones)[0]!.showError).toBeUndefined();
    expect((screen.getByTestId('register-name') as HTMLInputElement).value).toBe('门店服务器');
    expect(screen.queryByTestId('register-secret-text')).toBeNull();
  });
});

describe('the migration popup', () => {
  beforeEach(() => {
    f.place = place({ audit_status: 'approved', page_state: 'to-be-migrated', zone: zone() });
  });
  const open = async () => {
    renderAt('/private/index');
    fireEvent.click(await screen.findByTestId('private-migrate'));
    return screen.findByTestId('migrate-popup');
  };

  it('folds the pay scheme until asked, with 首单免费 on the fold and the price 0 inside', async () => {
    const popup = await open();
    expect(within(popup).getByTestId('migrate-route').textContent).toBe('把「家庭」迁移到「门店服务器」');
    expect(within(popup).getByTestId('migrate-free').textContent).toBe('首单免费');
    const toggle = within(popup).getByTestId('migrate-scheme-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(popup).queryByTestId('migrate-scheme-body')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(popup).getByTestId('migrate-price').textContent).toBe('0.00');
    expect(within(popup).getByTestId('migrate-scheme-body').textContent).toContain('你的第一次迁移免费');
    fireEvent.click(toggle);
    expect(within(popup).queryByTestId('migrate-scheme-body')).toBeNull();
    expect(within(popup).getByTestId('migrate-moves').textContent).toBe('记账记录、图片、成员与角色、预算');
    expect(within(popup).getByTestId('migrate-stays').textContent).toBe('订单、香蕉贝钱包');
    expect(popup.textContent).toContain('迁移期间账本只能查看');
  });

  it('a later move has no free label, and shows its price, paid from the wallet and given back if it does not finish', async () => {
    f.place = { ...f.place, first_order_free: false, price: '30.00' };
    const popup = await open();
    expect(within(popup).queryByTestId('migrate-free')).toBeNull();
    fireEvent.click(within(popup).getByTestId('migrate-scheme-toggle'));
    expect(within(popup).getByTestId('migrate-price').textContent).toBe('30.00');
    const body = within(popup).getByTestId('migrate-scheme-body').textContent;
    expect(body).toContain('迁移开始时从你的钱包支付；没有完成（取消或失败）会全额退回。');
    expect(body).toContain('每次迁移到私有化服务器收取 30.00 香蕉贝；迁回公有云免费');
  });

  it('starts the move to the zone, and the page follows its progress', async () => {
    const popup = await open();
    f.polls = [migration({ rows_copied: 0, images_copied: 0 })];
    fireEvent.click(within(popup).getByTestId('migrate-confirm'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('迁移已开始'));
    expect(calls(ZONE_PATHS.publicToPrivateV2)[0]).toMatchObject({
      method: 'POST',
      tradingEntity: BOOK,
      data: { book_id: BOOK, zone_id: ZONE },
    });
    expect((await screen.findByTestId('migration-progress')).getAttribute('data-type')).toBe('public-to-private');
  });
});

describe('a move in flight', () => {
  const flying = (extra: Parameters<typeof migration>[0] = {}) => {
    const m = migration(extra);
    f.place = place({ audit_status: 'approved', zone_state: 'migrating', page_state: 'migrating', zone: zone(), migration: m });
    return m;
  };

  it('asks every second, showing the bar, the counts and the table, and cancels after a red confirmation', async () => {
    flying({ free_trial: false, price: '30.00' });
    f.cancelled = migration({ status: 'cancelled', free_trial: false, price: '30.00', finished_at: Date.now() });
    f.polls = [
      migration({ rows_copied: 5000, images_copied: 25, table: 'book_images' }),
      migration({ rows_copied: 7500, images_copied: 25 }),
    ];
    renderAt('/private/index');
    const bar = await screen.findByTestId('migration-bar');
    expect(screen.getByTestId('migration-status').textContent).toBe('正在复制');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByTestId('migration-percent').textContent).toBe('50%');
    expect(screen.getByTestId('migration-rows').textContent).toBe('记录 5,000 / 10,000');
    expect(screen.getByTestId('migration-images').textContent).toBe('图片 25 / 50');
    expect(screen.getByTestId('migration-table').textContent).toBe('正在复制：book_images');
    await waitFor(() => expect(screen.getByTestId('migration-rows').textContent).toBe('记录 7,500 / 10,000'));
    expect(calls(STATUS).length).toBeGreaterThanOrEqual(2);
    expect(calls(STATUS)[0]).toMatchObject({ method: 'GET', tradingEntity: BOOK });

    fireEvent.click(screen.getByTestId('migration-cancel'));
    fireEvent.click(await screen.findByTestId('migration-cancel-confirm'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('已取消迁移，30.00 香蕉贝已退回钱包'));
    expect(calls(CANCEL)[0]).toMatchObject({ method: 'PATCH', tradingEntity: BOOK });
    // The book stays here: the page offers the move again, saying the last one was cancelled.
    await screen.findByTestId('private-last-cancelled');
  });

  it('offers no cancel once cutting over, nor to a member who does not own the book', async () => {
    flying({ status: 'cut_over', rows_copied: 10_000, images_copied: 50, table: null });
    f.polls = [f.place.migration];
    renderAt('/private/index');
    expect((await screen.findByTestId('migration-status')).textContent).toBe('正在切换');
    expect(screen.getByTestId('migration-bar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByTestId('migration-cancel')).toBeNull();
    cleanup();
    f.owner = false;
    flying();
    f.polls = [f.place.migration];
    renderAt('/private/index');
    await screen.findByTestId('migration-bar');
    await waitFor(() => expect(screen.getByTestId('private-book')).toBeTruthy());
    expect(screen.queryByTestId('migration-cancel')).toBeNull();
  });

  it('says when the move is done, and shows the book in its zone', async () => {
    flying({ status: 'verifying', rows_copied: 10_000, images_copied: 50, table: null });
    f.polls = [migration({ status: 'done', rows_copied: 10_000, images_copied: 50, table: null, finished_at: Date.now() })];
    renderAt('/private/index');
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('迁移完成'));
    await screen.findByTestId('private-remote');
  });

  it('moves a remote book back after a confirmation, and follows that move', async () => {
    f.place = place({ audit_status: 'approved', zone_state: 'remote', zone: zone({ books: 1 }) });
    f.polls = [migration({ migration_type: 'private-to-public', rows_copied: 0, images_copied: 0 })];
    renderAt('/private/index');
    fireEvent.click(await screen.findByTestId('private-move-back'));
    fireEvent.click(await screen.findByTestId('private-move-back-confirm'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('开始迁回公有云'));
    expect(calls(ZONE_PATHS.privateToPublic)[0]).toMatchObject({ method: 'POST', tradingEntity: BOOK });
    expect(calls(ZONE_PATHS.privateToPublic)[0]!.data).toBeUndefined();
    expect((await screen.findByTestId('migration-progress')).getAttribute('data-type')).toBe('private-to-public');
  });
});
