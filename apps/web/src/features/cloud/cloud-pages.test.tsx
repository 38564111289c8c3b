import { CLOUD_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import ProcessingPage from '../../pages/bookSetting/ProcessingPage.tsx';
import ApplyPage from '../../pages/cloud/ApplyPage.tsx';
import CloudIndexPage from '../../pages/cloud/CloudIndexPage.tsx';
import ExclusivePage from '../../pages/cloud/ExclusivePage.tsx';
import CloudResultPage from '../../pages/cloud/ResultPage.tsx';
import SharingManagementPage from '../../pages/cloud/SharingManagementPage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { renderPages } from '../../test-pages.tsx';
import { cashier, flowOf, rememberFlow } from '../commerce/flow.ts';
import { CASHIER, P1, R1, rechargeOrder, resetShop, shop, type Shop } from '../commerce/test-fixtures.ts';
import { MAIN, OTHER, answerCloud, capacity, cloudFake, grant, shareApply, spaceOrder, type CloudFake } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
// What the screens say went well (a toast), read here rather than from antd-mobile's toast in the document.
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; data?: Record<string, unknown>; headers?: Record<string, string>; tradingEntity?: string };
const calls = (url: string) => request.mock.calls.filter(([u]) => String(u).split('?')[0] === url).map(([, o]) => o as Call);

let s: Shop;
let c: CloudFake;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/cloud/index': CloudIndexPage,
    '/cloud/pages/result': CloudResultPage,
    '/cloud/pages/sharingManagement': SharingManagementPage,
    '/cloud/pages/apply': ApplyPage,
    '/cloud/pages/exclusive': ExclusivePage,
    '/bookSetting/pages/processing': ProcessingPage,
  });
};

beforeEach(() => {
  toast.showToast.mockClear();
  s = shop();
  s.balance = '0.00';
  c = cloudFake();
  resetShop(
    request,
    () => s,
    (url, o) => {
      const answered = answerCloud(c, url, o);
      if (answered === undefined) throw new Error(`unexpected ${o.method ?? 'POST'} ${url}`);
      return answered;
    },
  );
  useBookStore.setState({ bookId: MAIN });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** Chooses a package on my space and opens the pay dialog. */
async function openPay(combo = 'cloud_1g_30') {
  fireEvent.click(await screen.findByTestId(`cloud-package-${combo}`));
  fireEvent.click(screen.getByTestId('cloud-buy'));
  return screen.findByTestId('cloud-pay-submit', undefined, { timeout: 3000 });
}

describe('my space (cloud/index)', () => {
  it('shows the space as a ring with used, total and left, the space in effect with its end, and the sharing', async () => {
    c.capacity = capacity('50.00', '1124.00');
    c.gather = { ...c.gather, rented_mb: 1024, grants: 1 };
    c.grants = [grant('5'), grant('6', { book_id: OTHER, book_name: '旅行', name: '5 GB 云空间 365 天', capacity_mb: 5120, days_left: 3 })];
    c.state = { state: 'sharing', main_book: { id: OTHER, name: '旅行' }, apply_id: '70', sharing_count: 0 };
    renderAt('/cloud/index');
    expect((await screen.findByTestId('cloud-used')).textContent).toBe('50 MB');
    expect(screen.getByTestId('cloud-total').textContent).toBe('1.1 GB');
    expect(screen.getByTestId('cloud-left').textContent).toBe('1.05 GB');
    expect(screen.getByTestId('space-ring').getAttribute('aria-label')).toBe('已用 50 MB，共 1.1 GB');
    expect(screen.queryByTestId('cloud-full')).toBeNull();
    const own = screen.getByTestId('cloud-grant-5');
    expect(own.textContent).toContain('有效期至 2026/12/25');
    expect(own.textContent).not.toContain('来自');
    expect(within(own).getByTestId('cloud-grant-days').textContent).toBe('剩 29 天');
    const shared = screen.getByTestId('cloud-grant-6');
    expect(shared.textContent).toContain('来自账本「旅行」');
    expect(within(shared).getByTestId('cloud-grant-days').className).toContain('soon');
    expect(screen.getByTestId('cloud-share-state').textContent).toBe('正在共享账本「旅行」的空间');
    expect(screen.getByTestId('cloud-pooled')).toBeTruthy();
    expect(calls(CLOUD_PATHS.gather)[0]!.tradingEntity).toBe(MAIN);
    expect(calls(CLOUD_PATHS.shareState)[0]!.tradingEntity).toBe(MAIN);
  });

  it('says when the space is full and nothing is rented, and keeps buy off until a package is chosen', async () => {
    renderAt(`/cloud/index?bookId=${MAIN}`);
    await screen.findByTestId('cloud-full');
    expect(screen.getByTestId('space-ring').getAttribute('data-share')).toBe('1.0000');
    expect(screen.getByTestId('cloud-no-grants').textContent).toContain('到期前 7 天会提醒你');
    expect(screen.getByTestId('cloud-share-state').textContent).toBe('这个账本使用自己的空间');
    expect(screen.getByTestId('cloud-package-cloud_5g_365').textContent).toContain('原价 120.00');
    const buy = screen.getByTestId('cloud-buy');
    expect(buy.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('cloud-package-cloud_5g_365'));
    expect(buy.hasAttribute('disabled')).toBe(false);
    expect(buy.textContent).toBe('立即购买（98.00 香蕉贝）');
  });

  it('the pay dialog refuses to pay until the agreement is checked, then pays from the wallet and shows the result', async () => {
    s.balance = '10.00';
    renderAt('/cloud/index');
    const pay = await openPay();
    expect(screen.getByTestId('cloud-pay-price').textContent).toBe('6.00 香蕉贝');
    expect(screen.getByTestId('cloud-pay-balance').textContent).toBe('10.00 香蕉贝');
    expect(screen.queryByTestId('cloud-pay-shortfall')).toBeNull();
    expect(pay.textContent).toBe('支付 6.00 香蕉贝');
    fireEvent.click(pay);
    expect((await screen.findByTestId('cloud-pay-must-agree')).textContent).toBe('请先阅读并同意《云空间服务协议》');
    expect(calls(CLOUD_PATHS.purchase)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('cloud-pay-agree'));
    expect(screen.queryByTestId('cloud-pay-must-agree')).toBeNull();
    fireEvent.click(pay);
    await waitFor(() => expect(page.location()).toBe(`/cloud/pages/result?order_no=${P1}&bookId=${MAIN}`));
    const [sent] = calls(CLOUD_PATHS.purchase);
    expect(sent).toMatchObject({ method: 'POST', tradingEntity: MAIN, data: { combo_id: 'cloud_1g_30', pay_type: 7, channel: 'sandbox' } });
    expect(sent!.headers?.['Idempotency-Key']).toMatch(/^web-/);
    expect(toast.showToast).toHaveBeenCalledWith('支付成功，空间已生效');
    // The result page: the package, the new total and when it ends.
    c.capacity = capacity('100.00', '1124.00');
    c.grants = [grant('5')];
    expect((await screen.findByTestId('cloud-result-title')).textContent).toBe('购买成功');
    await waitFor(() => expect(screen.getByTestId('cloud-result-total').textContent).toBe('1.1 GB'));
    expect((await screen.findByTestId('cloud-result-until')).textContent).toBe('2026/12/25');
    expect(screen.getByTestId('cloud-result-item').textContent).toBe('1 GB 云空间 30 天 已生效');
  });

  it('pays a shortfall at the cashier: the flow comes back to the result page, and buying again reopens the package', async () => {
    const go = vi.spyOn(cashier, 'go').mockImplementation(() => undefined);
    c.bought = spaceOrder('awaiting_recharge', { recharge: rechargeOrder('paying', { amount: '6.00', purchase_order_no: P1 }) });
    renderAt('/cloud/index');
    await openPay();
    expect(screen.getByTestId('cloud-pay-shortfall').textContent).toBe('余额不足，还需充值 6.00 香蕉贝');
    fireEvent.click(screen.getByTestId('cloud-pay-agree'));
    expect(screen.getByTestId('cloud-pay-submit').textContent).toBe('充值并支付 ¥6.00');
    fireEvent.click(screen.getByTestId('cloud-pay-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CASHIER));
    expect(flowOf(R1)).toEqual({
      kind: 'space',
      from: `/cloud/index?bookId=${MAIN}`,
      retry: `/cloud/index?bookId=${MAIN}&buy=cloud_1g_30`,
      result: `/cloud/pages/result?order_no=${P1}&bookId=${MAIN}`,
      purchase: P1,
      bookId: MAIN,
    });
  });

  it('tells a member whose role may not rent space so, with no pay button', async () => {
    c.owner = false;
    c.granted = new Set();
    renderAt('/cloud/index');
    fireEvent.click(await screen.findByTestId('cloud-package-cloud_1g_30'));
    fireEvent.click(screen.getByTestId('cloud-buy'));
    expect((await screen.findByTestId('cloud-pay-not-allowed', undefined, { timeout: 3000 })).textContent).toBe(
      '只有账本的创建者或拥有「租用空间」权限的成员可以购买',
    );
    expect(screen.queryByTestId('cloud-pay-submit')).toBeNull();
    expect(screen.queryByTestId('cloud-pay-agree')).toBeNull();
  });

  it("shows the server's refusal as it says it", async () => {
    c.bought = new ApiError(403, 1003, '你在这个账本中没有租用云空间的权限');
    renderAt('/cloud/index');
    await openPay();
    fireEvent.click(screen.getByTestId('cloud-pay-agree'));
    fireEvent.click(screen.getByTestId('cloud-pay-submit'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('你在这个账本中没有租用云空间的权限'));
    expect(page.location()).toBe('/cloud/index');
  });

  it('asks before leaving with a package chosen (the back popup): staying keeps the choice', async () => {
    renderAt('/cloud/index');
    fireEvent.click(await screen.findByTestId('cloud-package-cloud_1g_30'));
    fireEvent.click(screen.getByTestId('page-back'));
    fireEvent.click(await screen.findByTestId('cloud-leave-stay'));
    await waitFor(() => expect(screen.queryByTestId('cloud-leave-stay')).toBeNull());
    expect(page.location()).toBe('/cloud/index');
    expect(screen.getByTestId('cloud-package-cloud_1g_30').getAttribute('aria-checked')).toBe('true');
  });

  it('leaves when the back popup is answered so, and leaves without asking when nothing was begun', async () => {
    renderAt('/cloud/index');
    fireEvent.click(await screen.findByTestId('cloud-package-cloud_1g_30'));
    fireEvent.click(screen.getByTestId('page-back'));
    fireEvent.click(await screen.findByTestId('cloud-leave-confirm'));
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
    cleanup();
    renderAt('/cloud/index');
    fireEvent.click(await screen.findByTestId('page-back'));
    // Not asked: the page went at once.
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
  });

  it('releases the sharing after a red confirmation', async () => {
    c.state = { state: 'sharing', main_book: { id: OTHER, name: '旅行' }, apply_id: '70', sharing_count: 0 };
    renderAt('/cloud/index');
    fireEvent.click(await screen.findByTestId('cloud-release'));
    fireEvent.click(await screen.findByTestId('cloud-release-confirm'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('已解除共享'));
    expect(calls(CLOUD_PATHS.untie)[0]).toMatchObject({ method: 'POST', tradingEntity: MAIN, data: {} });
    await waitFor(() => expect(screen.getByTestId('cloud-share-state').textContent).toBe('这个账本使用自己的空间'));
  });

  it('opens the dialog on the package named when buying again after a failure', async () => {
    renderAt(`/cloud/index?bookId=${MAIN}&buy=cloud_5g_365`);
    expect((await screen.findByTestId('cloud-pay-price', undefined, { timeout: 3000 })).textContent).toBe('98.00 香蕉贝');
    fireEvent.click(screen.getByTestId('cloud-pay-cancel'));
    await waitFor(() => expect(page.location()).toBe(`/cloud/index?bookId=${MAIN}`));
  });
});

describe('after paying at the cashier', () => {
  it('the processing page ends on the cloud result page, not paysuccess', async () => {
    rememberFlow(R1, {
      kind: 'space',
      from: `/cloud/index?bookId=${MAIN}`,
      retry: `/cloud/index?bookId=${MAIN}&buy=cloud_1g_30`,
      result: `/cloud/pages/result?order_no=${P1}&bookId=${MAIN}`,
      purchase: P1,
      bookId: MAIN,
    });
    s.recharges = [rechargeOrder('paid', { purchase_order_no: P1 })];
    s.purchases = [spaceOrder('paid')];
    renderAt(`/bookSetting/pages/processing?order_no=${R1}&result=success`);
    await waitFor(() => expect(page.location()).toBe(`/cloud/pages/result?order_no=${P1}&bookId=${MAIN}`));
    expect((await screen.findByTestId('cloud-result-title')).textContent).toBe('购买成功');
  });

  it('the result page waits while the order waits for its payment, and offers buying again once cancelled', async () => {
    s.purchases = [spaceOrder('awaiting_recharge'), spaceOrder('cancelled')];
    renderAt(`/cloud/pages/result?order_no=${P1}&bookId=${MAIN}`);
    await screen.findByTestId('cloud-result-waiting');
    expect((await screen.findByTestId('cloud-result-failed', undefined, { timeout: 4000 })).getAttribute('data-status')).toBe('cancelled');
    expect(screen.getByTestId('cloud-result-title').textContent).toBe('购买未完成');
    fireEvent.click(screen.getByTestId('cloud-result-retry'));
    await waitFor(() => expect(page.location()).toBe(`/cloud/index?bookId=${MAIN}&buy=cloud_1g_30`));
  });

  it('says so for an order that is not there', async () => {
    renderAt('/cloud/pages/result?order_no=nope');
    await screen.findByTestId('cloud-result-missing');
  });
});

describe('sharing management', () => {
  it('a book on its own applies to share one of the caller’s books, after the dialog says what sharing means', async () => {
    c.books = { ...c.books, can_apply: [{ id: OTHER, name: '旅行', rented_mb: 1024 }] };
    renderAt(`/cloud/pages/sharingManagement?bookId=${MAIN}`);
    const row = await screen.findByTestId(`cloud-candidate-${OTHER}`);
    expect(row.textContent).toContain('租用中 1 GB');
    fireEvent.click(within(row).getByTestId('cloud-apply'));
    expect((await screen.findByTestId('cloud-apply-dialog')).textContent).toContain('账本「旅行」的创建者同意即可生效');
    fireEvent.click(screen.getByTestId('cloud-apply-send'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('申请已发送，等待对方同意'));
    expect(calls(CLOUD_PATHS.applyMainBook)[0]).toMatchObject({ method: 'PUT', tradingEntity: MAIN, data: { main_book_id: OTHER } });
    await waitFor(() => expect(screen.getByTestId('cloud-manage-state').getAttribute('data-state')).toBe('applied'));
    expect(screen.getByTestId('cloud-release').textContent).toBe('撤回申请');
  });

  it('a book on its own with no book to share says how to get space', async () => {
    renderAt(`/cloud/pages/sharingManagement?bookId=${MAIN}`);
    await screen.findByTestId('cloud-no-candidates');
    expect(screen.queryByTestId('cloud-sharing-books')).toBeNull();
  });

  it('a main book lists the books sharing it and the applications: agree, and let a book go', async () => {
    c.state = { state: 'main', main_book: null, apply_id: null, sharing_count: 1 };
    c.books = {
      sharing: [shareApply('60', { id: '20', name: '装修' }, 'active')],
      applications: [shareApply('70', { id: OTHER, name: '旅行' })],
      can_apply: [],
    };
    c.relation = {
      main_book: { id: MAIN, name: '家庭' },
      books: [
        { id: MAIN, name: '家庭', main: true, used: '80.00' },
        { id: '20', name: '装修', main: false, used: '20.00' },
      ],
      used: '100.00',
      total: '1224.00',
    };
    renderAt(`/cloud/pages/sharingManagement?bookId=${MAIN}`);
    expect((await screen.findByTestId('cloud-share-state')).textContent).toBe('1 个账本正在共享这个账本的空间');
    expect(screen.getByTestId(`cloud-relation-book-${MAIN}`).textContent).toContain('主账本');
    expect(screen.getByTestId('cloud-relation-book-20').textContent).toContain('已用 20 MB');
    const application = screen.getByTestId('cloud-application-70');
    expect(application.textContent).toContain('小明 于 2026/11/26 11:00 申请');
    fireEvent.click(within(application).getByTestId('cloud-agree'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('已同意'));
    expect(calls(bookPath(CLOUD_PATHS.shareAgree, { id: '70' }))[0]).toMatchObject({ method: 'POST', tradingEntity: MAIN });
    await screen.findByTestId(`cloud-sharing-${OTHER}`);

    fireEvent.click(within(screen.getByTestId('cloud-sharing-20')).getByTestId('cloud-unshare'));
    expect((await screen.findByTestId('cloud-unshare-confirm')).textContent).toBe('解除');
    fireEvent.click(screen.getByTestId('cloud-unshare-confirm'));
    await waitFor(() => expect(calls(CLOUD_PATHS.untie)[0]).toMatchObject({ tradingEntity: MAIN, data: { book_id: '20' } }));
  });

  it('rejects an application after a red confirmation', async () => {
    c.books = { ...c.books, applications: [shareApply('70', { id: OTHER, name: '旅行' })] };
    renderAt(`/cloud/pages/sharingManagement?bookId=${MAIN}`);
    fireEvent.click(within(await screen.findByTestId('cloud-application-70')).getByTestId('cloud-reject'));
    fireEvent.click(await screen.findByTestId('cloud-reject-confirm'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('已拒绝'));
    expect(calls(bookPath(CLOUD_PATHS.shareReject, { id: '70' }))).toHaveLength(1);
  });

  it('a sharing book shows its main book and the pooled space, and a member without the permission no actions', async () => {
    c.owner = false;
    c.granted = new Set();
    c.state = { state: 'sharing', main_book: { id: OTHER, name: '旅行' }, apply_id: '70', sharing_count: 0 };
    c.relation = {
      main_book: { id: OTHER, name: '旅行' },
      books: [
        { id: OTHER, name: '旅行', main: true, used: '10.00' },
        { id: MAIN, name: '家庭', main: false, used: '90.00' },
      ],
      used: '100.00',
      total: '1224.00',
    };
    renderAt(`/cloud/pages/sharingManagement?bookId=${MAIN}`);
    expect((await screen.findByTestId('cloud-share-state')).textContent).toBe('正在共享账本「旅行」的空间');
    expect((await screen.findByTestId('cloud-relation-space')).textContent).toContain('1.2 GB');
    await waitFor(() => expect(screen.queryByTestId('cloud-release')).toBeNull());
  });

  it('the instructions dialog says how sharing works', async () => {
    renderAt(`/cloud/pages/sharingManagement?bookId=${MAIN}`);
    fireEvent.click(await screen.findByTestId('cloud-share-help-open'));
    expect((await screen.findByTestId('cloud-share-help')).textContent).toContain('一个账本同时只能共享一个主账本');
  });
});

describe('an application from the message center (cloud/pages/apply)', () => {
  it('shows the applying book, who and when, and agrees', async () => {
    c.books = { ...c.books, applications: [shareApply('70', { id: OTHER, name: '旅行' })] };
    renderAt(`/cloud/pages/apply?bookId=${MAIN}&applyId=70`);
    expect((await screen.findByTestId('cloud-apply-book')).textContent).toBe('旅行');
    expect(screen.getByTestId('cloud-apply-applicant').textContent).toBe('小明');
    expect(screen.getByTestId('cloud-apply-time').textContent).toBe('2026/11/26 11:00');
    expect(screen.getByTestId('cloud-apply-main').textContent).toBe('家庭');
    fireEvent.click(screen.getByTestId('cloud-apply-agree'));
    await waitFor(() => expect(screen.getByTestId('cloud-apply-outcome').getAttribute('data-outcome')).toBe('agreed'));
    expect(calls(bookPath(CLOUD_PATHS.shareAgree, { id: '70' }))[0]).toMatchObject({ tradingEntity: MAIN });
  });

  it('says when the application was settled meanwhile', async () => {
    renderAt(`/cloud/pages/apply?bookId=${MAIN}&applyId=70`);
    expect((await screen.findByTestId('cloud-apply-outcome')).getAttribute('data-outcome')).toBe('gone');
  });
});

describe('private storage (cloud/pages/exclusive)', () => {
  it('applies when never applied, and shows the review', async () => {
    renderAt('/cloud/pages/exclusive');
    expect((await screen.findByTestId('cloud-exclusive-status-text')).textContent).toBe('未申请');
    fireEvent.click(screen.getByTestId('cloud-exclusive-apply'));
    await waitFor(() => expect(screen.getByTestId('cloud-exclusive-status-text').textContent).toBe('审核中'));
    expect(calls(CLOUD_PATHS.functionApply)[0]!.data).toEqual({ biz_type: 'storage', biz_code: 'book_private_storage' });
    expect(screen.queryByTestId('cloud-exclusive-apply')).toBeNull();
  });

  it('shows a rejection with its remark, and offers to apply again', async () => {
    c.fn = { ...c.fn, status: 'rejected', remark: '请补充部署环境', applied_at: Date.UTC(2026, 10, 1), decided_at: Date.UTC(2026, 10, 2) };
    renderAt('/cloud/pages/exclusive');
    expect((await screen.findByTestId('cloud-exclusive-remark')).textContent).toBe('审核意见：请补充部署环境');
    expect(screen.getByTestId('cloud-exclusive-apply').textContent).toBe('重新申请');
  });
});
