import {
  BUDGET_ADVANCED_ACT,
  COMMERCE_PATHS,
  bookPath,
  type ActivityCombo,
  type Coupon,
  type PayOption,
  type PurchaseOrder,
  type RechargeActInfo,
  type RechargeOrder,
  type TradeRecord,
} from '@cab/contracts/client';
import type { UserInfo } from '@cab/contracts/client';
import type { Mock } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { useUserStore } from '../../stores/user.ts';

export const R1 = 'R2026112600000001';
export const P1 = 'P2026112600000001';
export const CASHIER = '/sandbox-pay/cashier/sp_abc';

export const STAIRS: RechargeActInfo['stairs'] = [
  { amount: '6.00', amount_cny: '6.00', bonus: '1.00', corner: '首充送 1' },
  { amount: '30.00', amount_cny: '30.00', bonus: '6.00', corner: '首充送 6' },
  { amount: '328.00', amount_cny: '328.00', bonus: '0.00', corner: '' },
];

export const COMBOS: ActivityCombo[] = [
  {
    comboId: 'budget_advanced_30',
    comboName: '高级预算 30 天',
    featureCode: 'budget_advanced',
    capacityMb: null,
    days: 30,
    sellPrice: '6.00',
    originalPrice: '0.00',
  },
  {
    comboId: 'budget_advanced_365',
    comboName: '高级预算 365 天',
    featureCode: 'budget_advanced',
    capacityMb: null,
    days: 365,
    sellPrice: '60.00',
    originalPrice: '72.00',
  },
];

export const coupon = (id: string, reduce: string, comboIds: string[] = []): Coupon => ({
  coupon_id: id,
  name: `立减 ${reduce}`,
  reduceAmount: reduce,
  comboIds,
  validFrom: Date.UTC(2026, 0, 1),
  validUntil: Date.UTC(2026, 11, 31, 4),
});

export const rechargeOrder = (status: RechargeOrder['status'], extra: Partial<RechargeOrder> = {}): RechargeOrder => ({
  order_no: R1,
  status,
  amount: '30.00',
  bonus: '6.00',
  amount_cny: '30.00',
  channel: 'sandbox',
  cashier_url: status === 'paying' || status === 'created' ? CASHIER : null,
  purchase_order_no: null,
  late_refund: null,
  created_at: Date.UTC(2026, 10, 26, 2),
  settled_at: status === 'paying' ? null : Date.UTC(2026, 10, 26, 2, 1),
  ...extra,
});

export const purchaseOrder = (status: PurchaseOrder['status'], extra: Partial<PurchaseOrder> = {}): PurchaseOrder => ({
  order_no: P1,
  status,
  book_id: '9',
  kind: 'package',
  combo_id: 'budget_advanced_30',
  feature_code: 'budget_advanced',
  role_id: null,
  member_ids: [],
  title: '高级预算 30 天',
  sell_price: '6.00',
  coupon_id: null,
  coupon_reduction: '0.00',
  price: '6.00',
  shortfall: status === 'paid' ? '0.00' : '6.00',
  recharge: null,
  created_at: Date.UTC(2026, 10, 26, 2),
  paid_at: status === 'paid' ? Date.UTC(2026, 10, 26, 2, 1) : null,
  ...extra,
});

export const trade = (type: TradeRecord['type'], no: string, amount: string, status: string, title: string): TradeRecord => ({
  type,
  order_no: no,
  title,
  status,
  amount,
  book_id: type === 'recharge' ? null : '9',
  created_at: Date.UTC(2026, 10, 26, 2),
});

/** What the commerce calls answer in a test; each field may be changed by the test. */
export interface Shop {
  balance: string;
  firstRecharge: boolean;
  payOptions: PayOption[];
  coupons: Coupon[];
  /** The recharge order's answers, one per GET (the last repeats). */
  recharges: RechargeOrder[];
  purchases: PurchaseOrder[];
  /** What POST recharge and POST purchasing-orders answer. */
  created: RechargeOrder;
  bought: PurchaseOrder;
  trades: TradeRecord[][];
  fail: Map<string, ApiError>;
}

export function shop(): Shop {
  return {
    balance: '1.00',
    firstRecharge: true,
    payOptions: [{ channel: 'sandbox', name: '沙箱支付', recommended: true }],
    coupons: [],
    recharges: [rechargeOrder('paying')],
    purchases: [purchaseOrder('paid')],
    created: rechargeOrder('paying'),
    bought: purchaseOrder('awaiting_recharge', {
      recharge: rechargeOrder('paying', { amount: '5.00', bonus: '0.00', purchase_order_no: P1 }),
    }),
    trades: [[]],
    fail: new Map(),
  };
}

/** The commerce calls' answers, or undefined for a path that is not one. */
export function answerShop(s: Shop, url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  const path = url.split('?')[0]!;
  const failure = s.fail.get(path);
  if (failure) throw failure;
  const next = <T>(list: T[]): T => (list.length > 1 ? list.shift()! : list[0]!);
  switch (path) {
    case COMMERCE_PATHS.accounts:
      return { data: [{ account_type: 'banana_shell', balance: s.balance }] };
    case COMMERCE_PATHS.rechargeActInfo:
      return {
        data: {
          act_code: 'recharge',
          first_recharge: s.firstRecharge,
          corner_code: 'recharge_stair_corner',
          stairs: STAIRS.map((x) => (s.firstRecharge ? x : { ...x, bonus: '0.00', corner: '' })),
          notice: { code: 'book_private_storage', text: '香蕉贝充值后不可提现。' },
        },
      };
    case COMMERCE_PATHS.payOptions:
      return { data: s.payOptions };
    case COMMERCE_PATHS.needMin: {
      const shortfall = String(o.data?.shortfall ?? '0.00');
      return { data: { shortfall, min_recharge: Number(shortfall) < 1 ? '1.00' : shortfall } };
    }
    case COMMERCE_PATHS.recharge:
      return { data: s.created };
    case COMMERCE_PATHS.purchase:
      return { data: s.bought };
    case COMMERCE_PATHS.activityCombos:
      if (o.data?.actCode !== BUDGET_ADVANCED_ACT) throw new ApiError(404, 404, '这个商品暂未开售');
      return { data: COMBOS };
    case COMMERCE_PATHS.couponsForCombos:
      return { data: s.coupons };
    case COMMERCE_PATHS.operationSpaces:
      return {
        data: (o.data?.spaceCodes as string[]).map((spaceCode) => ({
          spaceCode,
          items:
            spaceCode === 'recharge_banner'
              ? [{ code: 'first_recharge_bonus', title: '首充有礼', text: '第一次充值多送香蕉贝。', link: 'trade/pages/recharge-guide' }]
              : [],
        })),
      };
    case COMMERCE_PATHS.ordersNum: {
      const all = s.trades.flat();
      const count = (type: string) => all.filter((t) => t.type === type).length;
      return { data: { all: all.length, recharge: count('recharge'), purchase: count('purchase'), service: count('service') } };
    }
    case COMMERCE_PATHS.orders: {
      const type = String(o.data?.type ?? 'all');
      const page = o.data?.cursor ? Number(o.data.cursor) : 0;
      const rows = (s.trades[page] ?? []).filter((t) => type === 'all' || t.type === type);
      const more = page + 1 < s.trades.length;
      return { data: rows, paging: { has_more: more, cursor: more ? String(page + 1) : null } };
    }
  }
  if (path === bookPath(COMMERCE_PATHS.rechargeOrder, { id: R1 })) return { data: next(s.recharges) };
  if (path === bookPath(COMMERCE_PATHS.cancelRecharge, { id: R1 })) return { data: rechargeOrder('cancelled') };
  if (path === bookPath(COMMERCE_PATHS.purchasingOrder, { id: P1 })) return { data: next(s.purchases) };
  if (path.startsWith('/cab-service-ws/v1/account/order/')) throw new ApiError(404, 404, '订单不存在');
  return undefined;
}

/** Before each test: no stored state, a signed-in user, the request wrapper answering the shop. */
export function resetShop(
  request: Mock,
  s: () => Shop,
  other?: (url: string, o: { method?: string; data?: Record<string, unknown> }) => unknown,
): void {
  localStorage.clear();
  sessionStorage.clear();
  request.mockReset();
  request.mockImplementation((url: string, o: { method?: string; data?: Record<string, unknown> } = {}) =>
    Promise.resolve().then(() => {
      const answered = answerShop(s(), url, o);
      if (answered !== undefined) return answered;
      if (other) return other(url, o);
      throw new Error(`unexpected ${o.method ?? 'POST'} ${url}`);
    }),
  );
  useUserStore.setState({ user: { userid: '2', account: '13800138002' } as UserInfo, login: true });
}
