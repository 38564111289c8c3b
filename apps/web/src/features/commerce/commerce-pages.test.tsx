import { COMMERCE_PATHS } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BananaShellPage from '../../pages/bookSetting/BananaShellPage.tsx';
import PayFailPage from '../../pages/bookSetting/PayFailPage.tsx';
import PaySuccessPage from '../../pages/bookSetting/PaySuccessPage.tsx';
import ProcessingPage from '../../pages/bookSetting/ProcessingPage.tsx';
import RecordPage from '../../pages/trade/RecordPage.tsx';
import ResultPage from '../../pages/trade/ResultPage.tsx';
import { renderPages } from '../../test-pages.tsx';
import { cashier, flowOf, rememberFlow } from './flow.ts';
import { CASHIER, P1, R1, purchaseOrder, rechargeOrder, resetShop, shop, trade, type Shop } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

// antd-mobile's InfiniteScroll loads more only for a laid-out element; jsdom lays nothing out.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

let s: Shop;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/bookSetting/pages/bananashell': BananaShellPage,
    '/bookSetting/pages/processing': ProcessingPage,
    '/bookSetting/pages/paysuccess': PaySuccessPage,
    '/bookSetting/pages/payfail': PayFailPage,
    '/trade/pages/record': RecordPage,
    '/trade/pages/result': ResultPage,
  });
};
type Call = { method?: string; data?: Record<string, unknown>; headers?: Record<string, string>; tradingEntity?: string };
const calls = (url: string) => request.mock.calls.filter(([u]) => String(u).split('?')[0] === url).map(([, o]) => o as Call);

describe('the banana-shell wallet and its top-up', () => {
  afterEach(() => cleanup());
  beforeEach(() => {
    s = shop();
    resetShop(request, () => s);
  });

  it('shows the balance, the stairs with their first-recharge corners and bonuses, the channel and the notice', async () => {
    renderAt('/bookSetting/pages/bananashell');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('1.00');
    const six = await screen.findByTestId('stair-6.00');
    expect(six.textContent).toBe('首充送 16香蕉贝¥6.00赠送 1');
    expect(six.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('stair-corner-30.00').textContent).toBe('首充送 6');
    expect(screen.queryByTestId('stair-corner-328.00')).toBeNull();
    expect(screen.getByTestId('pay-option-sandbox').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('recharge-notice').textContent).toBe('香蕉贝充值后不可提现。');
    expect(screen.getByTestId('recharge-submit').textContent).toContain('立即充值 ¥6.00');
    expect(calls(COMMERCE_PATHS.payOptions)[0]!.data).toEqual({ pay_type: 7 });
  });

  it("shows the operator's banner above the amounts, leading where it says", async () => {
    renderAt('/bookSetting/pages/bananashell');
    const banner = await screen.findByTestId('space-first_recharge_bonus');
    expect(banner.textContent).toBe('首充有礼 第一次充值多送香蕉贝。');
    expect(calls(COMMERCE_PATHS.operationSpaces)[0]!.data).toEqual({ spaceCodes: ['recharge_banner'] });
    fireEvent.click(banner);
    await waitFor(() => expect(page.location()).toBe('/trade/pages/recharge-guide'));
  });

  it('recharges a stair: the order once per attempt, then the whole window to the cashier', async () => {
    const go = vi.spyOn(cashier, 'go').mockImplementation(() => undefined);
    renderAt('/bookSetting/pages/bananashell');
    fireEvent.click(await screen.findByTestId('stair-30.00'));
    expect(screen.getByTestId('recharge-submit').textContent).toContain('¥30.00');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CASHIER));
    const [sent] = calls(COMMERCE_PATHS.recharge);
    expect(sent!.data).toEqual({ amount: '30.00', pay_type: 7, channel: 'sandbox' });
    expect(sent!.headers?.['Idempotency-Key']).toMatch(/^web-\d+-\w{20}$/);
    expect(flowOf(R1)).toEqual({
      kind: 'recharge',
      from: '/bookSetting/pages/bananashell',
      retry: '/bookSetting/pages/bananashell?amount=30.00',
    });
  });

  it('checks a custom amount under its field: 1.00 to 50,000.00 with two decimals', async () => {
    renderAt('/bookSetting/pages/bananashell');
    fireEvent.click(await screen.findByTestId('recharge-custom'));
    const input = screen.getByTestId('recharge-custom-input').querySelector('input')!;
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByTestId('recharge-custom-error')).textContent).toBe('请输入金额');
    fireEvent.change(input, { target: { value: '0.5' } });
    expect(screen.queryByTestId('recharge-custom-error')).toBeNull();
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByTestId('recharge-custom-error')).textContent).toBe('单次最少充值 1.00 香蕉贝');
    fireEvent.change(input, { target: { value: '60000' } });
    expect(screen.getByTestId('recharge-custom-error').textContent).toBe('金额最多 50,000.00');
    expect(input.value).toBe('0.5');
    fireEvent.change(input, { target: { value: '12.345' } });
    expect(screen.getByTestId('recharge-custom-error').textContent).toBe('金额最多两位小数');
    expect(calls(COMMERCE_PATHS.recharge)).toHaveLength(0);

    const go = vi.spyOn(cashier, 'go').mockImplementation(() => undefined);
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    await waitFor(() => expect(go).toHaveBeenCalled());
    expect(calls(COMMERCE_PATHS.recharge)[0]!.data).toMatchObject({ amount: '12.50' });
  });

  it('picks the least recharge that covers a shortfall', async () => {
    renderAt('/bookSetting/pages/bananashell?shortfall=4.75');
    expect((await screen.findByTestId('recharge-shortfall')).textContent).toBe('还差 4.75 香蕉贝，已为你选好充值金额');
    expect(screen.getByTestId('recharge-custom').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('recharge-custom-input').querySelector('input')!.value).toBe('4.75');
    expect(calls(COMMERCE_PATHS.needMin)[0]!.data).toEqual({ shortfall: '4.75', pay_type: 7 });
  });

  it('leads to the recharge guide where the web cannot pay', async () => {
    s.payOptions = [];
    renderAt('/bookSetting/pages/bananashell');
    fireEvent.click(await screen.findByTestId('recharge-guide-link'));
    expect(page.location()).toBe('/trade/pages/recharge-guide');
    expect(screen.queryByTestId('recharge-submit')).toBeNull();
  });

  it('shows no corner or bonus after the first recharge, and a failed load with a retry', async () => {
    s.firstRecharge = false;
    s.fail.set(COMMERCE_PATHS.payOptions, new (await import('../../api/request.ts')).ApiError(0, -1, '网络连接失败'));
    renderAt('/bookSetting/pages/bananashell');
    await screen.findByTestId('load-failed');
    s.fail.clear();
    fireEvent.click(screen.getByTestId('load-retry'));
    const six = await screen.findByTestId('stair-6.00');
    expect(six.textContent).toBe('6香蕉贝¥6.00');
  });
});

describe('the payment’s result pages', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    s = shop();
    resetShop(request, () => s);
  });

  it('polls the recharge until it is paid, then shows what was paid and the balance; done goes back where it started', async () => {
    s.recharges = [rechargeOrder('paying'), rechargeOrder('paid')];
    s.balance = '37.00';
    rememberFlow(R1, { kind: 'recharge', from: '/pages/mine/index', retry: '/bookSetting/pages/bananashell?amount=30.00' });
    renderAt(`/bookSetting/pages/processing?order_no=${R1}&result=success`);
    await screen.findByTestId('processing-waiting');
    await waitFor(() => expect(page.location()).toBe(`/bookSetting/pages/paysuccess?order_no=${R1}`), { timeout: 4000 });
    expect((await screen.findByTestId('paysuccess-item')).textContent).toBe('充值 30.00 香蕉贝已到账');
    expect(screen.getByTestId('paysuccess-recharged').textContent).toBe('30.00 香蕉贝 (另赠 6.00 香蕉贝)');
    await waitFor(() => expect(screen.getByTestId('paysuccess-balance').textContent).toBe('37.00 香蕉贝'));
    fireEvent.click(screen.getByTestId('paysuccess-done'));
    expect(page.location()).toBe('/pages/mine/index');
  });

  it('waits for the purchase a shortfall’s recharge pays, and shows what it opened', async () => {
    const paidRecharge = rechargeOrder('paid', { amount: '5.00', bonus: '0.00', purchase_order_no: P1 });
    s.recharges = [paidRecharge];
    s.purchases = [purchaseOrder('awaiting_recharge'), purchaseOrder('paid', { coupon_reduction: '1.00', price: '5.00' })];
    rememberFlow(R1, {
      kind: 'package',
      from: '/budget/children?categoryId=11',
      retry: '/budget/children?categoryId=11&buy=budget_advanced',
      purchase: P1,
    });
    renderAt(`/bookSetting/pages/processing?order_no=${R1}&result=success`);
    expect((await screen.findByTestId('processing-steps')).textContent).toContain('开通服务');
    await waitFor(() => expect(page.location()).toBe(`/bookSetting/pages/paysuccess?order_no=${R1}`), { timeout: 4000 });
    expect((await screen.findByTestId('paysuccess-item')).textContent).toBe('已开通：高级预算 30 天');
    expect(screen.getByTestId('paysuccess-coupon').textContent).toBe('-1.00 香蕉贝');
    expect(screen.getByTestId('paysuccess-paid').textContent).toBe('5.00 香蕉贝');
    fireEvent.click(screen.getByTestId('paysuccess-done'));
    expect(page.location()).toBe('/budget/children?categoryId=11');
  });

  it('cancels the order of a payer who abandoned the cashier, and offers to pay again', async () => {
    rememberFlow(R1, { kind: 'recharge', from: '/bookSetting/pages/bananashell', retry: '/bookSetting/pages/bananashell?amount=30.00' });
    renderAt(`/bookSetting/pages/processing?order_no=${R1}&result=abandon`);
    await waitFor(() => expect(page.location()).toBe(`/bookSetting/pages/payfail?order_no=${R1}&reason=cancelled`));
    expect(calls(`/cab-service-ws/v1/account/recharge/cancel/${R1}`)).toHaveLength(1);
    expect((await screen.findByTestId('payfail-title')).textContent).toBe('支付已取消');
    fireEvent.click(screen.getByTestId('payfail-retry'));
    expect(page.location()).toBe('/bookSetting/pages/bananashell?amount=30.00');
  });

  it('says a failed payment failed', async () => {
    s.recharges = [rechargeOrder('failed')];
    renderAt(`/bookSetting/pages/processing?order_no=${R1}&result=fail`);
    await waitFor(() => expect(page.location()).toBe(`/bookSetting/pages/payfail?order_no=${R1}&reason=failed`));
    expect((await screen.findByTestId('payfail-title')).textContent).toBe('支付失败');
    expect(screen.getByTestId('payfail-order').textContent).toBe(`订单号 ${R1}`);
  });

  it('says it is still confirming after a minute, with a refresh and the order', async () => {
    const start = Date.now();
    let shift = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => start + shift);
    renderAt(`/bookSetting/pages/processing?order_no=${R1}&result=success`);
    await screen.findByTestId('processing-waiting');
    shift = 61_000;
    await screen.findByTestId('processing-timeout', {}, { timeout: 3000 });
    const asked = calls(`/cab-service-ws/v1/account/order/${R1}`).length;
    await new Promise((r) => setTimeout(r, 1200));
    // It stopped asking.
    expect(calls(`/cab-service-ws/v1/account/order/${R1}`)).toHaveLength(asked);
    fireEvent.click(screen.getByTestId('processing-refresh'));
    await screen.findByTestId('processing-waiting');
    shift = 200_000;
    await screen.findByTestId('processing-timeout', {}, { timeout: 3000 });
    fireEvent.click(screen.getByTestId('processing-see-order'));
    expect(page.location()).toBe(`/trade/pages/result?order_no=${R1}`);
  });

  it('says an order that is not there is not there', async () => {
    renderAt('/bookSetting/pages/processing?order_no=R2026112600000999');
    await screen.findByTestId('processing-missing');
    cleanup();
    renderAt('/bookSetting/pages/processing?order_no=nonsense');
    await screen.findByTestId('processing-missing');
  });
});

describe('the trade records and an order', () => {
  afterEach(() => cleanup());
  beforeEach(() => {
    s = shop();
    resetShop(request, () => s);
  });

  it('shows the tabs with their counts and the records, newest first, a page at a time', async () => {
    s.trades = [
      [trade('service', 'S2026112600000001', '-2.00', 'paid', '巡检员 · 日费'), trade('purchase', P1, '-6.00', 'paid', '高级预算 30 天')],
      [trade('recharge', R1, '7.00', 'paid', '充值香蕉贝')],
    ];
    renderAt('/trade/pages/record');
    const list = await screen.findByTestId('trade-list');
    await waitFor(() => expect(screen.getByTestId('trade-count-all').textContent).toBe('3'));
    expect(screen.getByTestId('trade-count-service').textContent).toBe('1');
    const first = within(list).getByTestId('trade-row-S2026112600000001');
    expect(within(first).getByTestId('trade-row-title').textContent).toBe('巡检员 · 日费');
    expect(within(first).getByTestId('trade-row-amount').textContent).toBe('-2.00');
    expect(within(first).getByTestId('trade-row-status').textContent).toBe('已扣费');
    // The next page as the end comes into view.
    const recharge = await screen.findByTestId(`trade-row-${R1}`);
    expect(within(recharge).getByTestId('trade-row-amount').textContent).toBe('+7.00');
    expect(within(recharge).getByTestId('trade-row-status').textContent).toBe('已到账');
    expect(calls(COMMERCE_PATHS.orders).map((o) => o.data)).toEqual([
      { type: 'all', page_size: 20 },
      { type: 'all', page_size: 20, cursor: '1' },
    ]);

    fireEvent.click(screen.getByTestId('trade-tab-purchase'));
    expect(page.location()).toBe('/trade/pages/record?type=purchase');
    await waitFor(() => expect(calls(COMMERCE_PATHS.orders).at(-1)!.data).toMatchObject({ type: 'purchase' }));
    fireEvent.click(await screen.findByTestId(`trade-row-${P1}`));
    expect(page.location()).toBe(`/trade/pages/result?order_no=${P1}`);
  });

  it('says when there is nothing yet', async () => {
    renderAt('/trade/pages/record');
    await screen.findByTestId('trade-empty');
  });

  it('offers to pay an order still open, and to confirm a settled one', async () => {
    const go = vi.spyOn(cashier, 'go').mockImplementation(() => undefined);
    s.recharges = [rechargeOrder('paying')];
    renderAt(`/trade/pages/result?order_no=${R1}`);
    expect((await screen.findByTestId('result-status')).textContent).toBe('待支付');
    fireEvent.click(screen.getByTestId('result-pay'));
    expect(go).toHaveBeenCalledWith(CASHIER);
    expect(flowOf(R1).from).toBe('/pages/home/index');
    cleanup();

    s.purchases = [purchaseOrder('paid')];
    renderAt(`/trade/pages/result?order_no=${P1}`);
    expect((await screen.findByTestId('result-status')).textContent).toBe('已支付');
    expect(screen.getByTestId('result-amount').textContent).toBe('6.00 香蕉贝');
    expect(screen.queryByTestId('result-pay')).toBeNull();
    screen.getByTestId('result-confirm');
  });
});
