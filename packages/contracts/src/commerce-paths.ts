/**
 * The commerce area's paths (SPEC 7) and constants (SPEC 9); zod-free for the web.
 * docs/commerce.md holds the design: banana shell, the ledger, payments and orders.
 */
export const COMMERCE_PATHS = {
  /** The caller's accounts: their banana-shell wallet and its balance. */
  accounts: '/cab-service-ws/v1/accounts',
  payOptions: '/cab-service-ws/v3/account/payment-cashier/pay-options',
  needMin: '/cab-service-ws/account/payment-cashier/pay-options/v3/need-min',
  checkRecharge: '/cab-service-ws/v1/user/check/recharge',
  rechargeActInfo: '/finance-common-operation-ws/api/cloud/recharge/v1/rechargeActInfo',
  recharge: '/cab-service-ws/v1/account/recharge',
  cancelRecharge: '/cab-service-ws/v1/account/recharge/cancel/:id',
  rechargeOrder: '/cab-service-ws/v1/account/order/:id',
  /** Where a payment provider's notifications arrive (ours; docs/commerce.md). */
  paymentNotify: '/cab-service-ws/v1/payments/notify/:channel',
  purchase: '/cab-service-ws/account-book/v3/purchasing-orders',
  purchasingOrder: '/cab-service-ws/account-book/purchasing-orders/:id',
  serviceOrder: '/cab-service-ws/account-book/service-order/:id',
  orders: '/cab-service-ws/v1/account/orders',
  ordersNum: '/cab-service-ws/v1/account/orders/num',
  serviceSummary: '/cab-service-ws/account-book/service/v1/summary',
  featureTrial: '/cab-service-ws/account-book/premium-features/by-code/:featureCode/consumption-trial',
  featureUnassign: '/cab-service-ws/account-book/premium-features/book/:id/unassign',
  userFeatures: '/cab-service-ws/user/account-book/premium-features',
  bookFeature: '/cab-service-ws/account-book/user/premium-features/:x',
  roleTrial: '/cab-service-ws/users/:id/consumption-trial',
  payForAssign: '/cab-service-ws/account-book/users/role/:id/pay-for-assign',
  couponsForCombos: '/finance-common-operation-ws/api/prize/coupons/v1/combo',
  activityCombos: '/finance-common-operation-ws/api/act/v1/combos',
  /** Ours (SPEC 7 names the call without a path): may the caller draw in an activity. */
  activityRuleCheck: '/finance-common-operation-ws/api/act/v1/rule-check',
  /** Ours (SPEC 7: synRuleDrawEnhance): the caller's draw, decided and recorded once. */
  activityDraw: '/finance-common-operation-ws/api/act/v1/synRuleDrawEnhance',
  /** Ours (SPEC 7: queryOperationSpaceInfo): the banners of the recharge and cloud pages. */
  operationSpaces: '/finance-common-operation-ws/api/operationSpace/queryOperationSpaceInfo',
} as const;

/** The virtual currency's account type (SPEC 9: banana shell); 1 banana shell = 100 units in the ledger. */
export const BANANA_SHELL = 'banana_shell';

/** SPEC 9: the client's pay type decides the channels offered: 4 Huawei (Android), 2 iOS, 7 otherwise (the web). */
export const PAY_TYPE = { HUAWEI: 4, IOS: 2, WEB: 7 } as const;
export type PayTypeCode = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

/** SPEC 9: the recharge page's corner label and page notice codes. */
export const RECHARGE_CORNER_CODE = 'recharge_stair_corner';
export const RECHARGE_NOTICE_CODE = 'book_private_storage';
/** SPEC 9: coupons are sorted by type 2 (the largest reduction first, then the soonest to expire). */
export const COUPON_SORT_TYPE = 2;
/** The activity of the budget center's advanced features (its packages are what the not-opened prompt sells). */
export const BUDGET_ADVANCED_ACT = 'budget_advanced';

/** A recharge is 1.00 to 50,000.00 banana shells (one shell is one yuan). */
export const RECHARGE_MIN_MINOR = 100;
export const RECHARGE_MAX_MINOR = 5_000_000;

/** A recharge order's states (docs/commerce.md): created -> paying -> paid | failed | cancelled; paid -> refunded. */
export const RECHARGE_STATUSES = ['created', 'paying', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
/** A purchasing order's states: paid at once, or awaiting the recharge of its shortfall. */
export const PURCHASE_STATUSES = ['awaiting_recharge', 'paid', 'cancelled', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** The trade records' tabs. */
export const ORDER_TYPES = ['all', 'recharge', 'purchase', 'service'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** SPEC 4: a book's bill status, and the authorization statuses of a book's member. */
export const BILL_STATUSES = ['normal', 'arrears'] as const;
export const AUTH_STATUSES = ['normal', 'waiting_audit', 'waiting_distribute', 'rejected', 'shift_out'] as const;

/** The sandbox provider's own surface (served by CAB's process unless configured elsewhere). */
export const SANDBOX_PAY_PATHS = {
  payments: '/sandbox-pay/v1/payments',
  payment: '/sandbox-pay/v1/payments/:id',
  refund: '/sandbox-pay/v1/payments/:id/refund',
  cashier: '/sandbox-pay/cashier/:id',
  /** The payer's choice on the cashier page: confirm, fail or abandon. */
  decide: '/sandbox-pay/cashier/:id/:decision',
} as const;
