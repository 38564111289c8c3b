import { z } from 'zod';
import { Id, Money, dataOf, listOf } from './common.ts';
import { TRADE_CURSOR, cursorField } from './cursor.ts';
import {
  AUTH_STATUSES,
  BANANA_SHELL,
  BILL_STATUSES,
  ORDER_TYPES,
  PAY_TYPE,
  PURCHASE_STATUSES,
  RECHARGE_STATUSES,
} from './commerce-paths.ts';
import { MONEY_PATTERN, moneyToMinor } from './money.ts';
import type { MessageKey } from './messages.ts';

/** GET accounts: the caller's banana-shell wallet (0.00 before any recharge). */
export const AccountsResponse = dataOf(z.array(z.object({ account_type: z.literal(BANANA_SHELL), balance: Money })));
export type AccountsResponse = z.infer<typeof AccountsResponse>;

/** A shell amount a client sends: more than zero, at most two decimals, within 50,000,000.00. */
export const ShellAmount = Money.refine((v) => !MONEY_PATTERN.test(v) || (!v.startsWith('-') && moneyToMinor(v) > 0n), {
  message: 'commerce.amountNotPositive' satisfies MessageKey,
  abort: true,
}).refine((v) => !MONEY_PATTERN.test(v) || moneyToMinor(v) <= 5_000_000_000n, 'commerce.amountTooLarge' satisfies MessageKey);
/** SPEC 9's pay types: 4 Huawei, 2 iOS, 7 otherwise; sent as a number or a query string. */
export const PayType = z.coerce
  .number()
  .refine((v) => v === PAY_TYPE.HUAWEI || v === PAY_TYPE.IOS || v === PAY_TYPE.WEB, 'commerce.payTypeUnknown' satisfies MessageKey);
/** A payment channel's code. */
export const Channel = z.string().regex(/^[a-z_]{2,32}$/, 'must be a payment channel code');
/** An order number as CAB writes them (R..., P..., S... and digits). */
export const OrderNo = z.string().regex(/^[RPS][0-9]{8,30}$/, 'must be an order number');
/** A package's or activity's or batch's code. */
export const CatalogueCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a catalogue code');
export const FeatureCode = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a feature code');

export const PayOptionsQuery = z.object({ pay_type: PayType });
export const PayOption = z.object({ channel: Channel, name: z.string(), recommended: z.boolean() });
export const PayOptionsResponse = listOf(PayOption);
export type PayOption = z.infer<typeof PayOption>;

export const NeedMinQuery = z.object({ shortfall: ShellAmount, pay_type: PayType.optional() });
export const NeedMinResponse = dataOf(z.object({ shortfall: Money, min_recharge: Money }));

export const CheckRechargeResponse = dataOf(z.object({ first_recharge: z.boolean() }));

export const RechargeStair = z.object({
  amount: Money,
  amount_cny: Money,
  /** The first-recharge bonus, given while the caller's first recharge is still to come (0.00 after it). */
  bonus: Money,
  corner: z.string(),
});
export const RechargeActInfoResponse = dataOf(
  z.object({
    act_code: z.string(),
    first_recharge: z.boolean(),
    corner_code: z.string(),
    stairs: z.array(RechargeStair),
    notice: z.object({ code: z.string(), text: z.string() }),
  }),
);
export type RechargeActInfo = z.infer<typeof RechargeActInfoResponse>['data'];

export const RechargeRequest = z.object({ amount: ShellAmount, pay_type: PayType, channel: Channel });
export const RechargeOrder = z.object({
  order_no: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  amount: Money,
  bonus: Money,
  amount_cny: Money,
  channel: z.string(),
  /** Where the payer pays (the provider's cashier), while the order is open. */
  cashier_url: z.string().nullable(),
  /** The purchase this recharge pays the shortfall of, if any. */
  purchase_order_no: z.string().nullable(),
  /** A payment confirmed after the order was cancelled: refunded to the payer. */
  late_refund: z.enum(['pending', 'refunded']).nullable(),
  created_at: z.number(),
  settled_at: z.number().nullable(),
});
export type RechargeOrder = z.infer<typeof RechargeOrder>;
export const RechargeOrderResponse = dataOf(RechargeOrder);
export const OrderNoParams = z.object({ id: OrderNo });

export const PurchaseRequest = z.object({
  combo_id: CatalogueCode,
  coupon_id: Id.optional(),
  /** How a shortfall is recharged (the web: 7 and sandbox). */
  pay_type: PayType.optional(),
  channel: Channel.optional(),
});
export const PurchaseOrder = z.object({
  order_no: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  book_id: z.string(),
  kind: z.enum(['package', 'role', 'space']),
  combo_id: z.string().nullable(),
  feature_code: z.string().nullable(),
  role_id: z.string().nullable(),
  member_ids: z.array(z.string()),
  title: z.string(),
  sell_price: Money,
  coupon_id: z.string().nullable(),
  coupon_reduction: Money,
  price: Money,
  /** What the wallet lacked when it was asked for (0.00 when paid at once). */
  shortfall: Money,
  recharge: RechargeOrder.nullable(),
  created_at: z.number(),
  paid_at: z.number().nullable(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;
export const PurchaseOrderResponse = dataOf(PurchaseOrder);

export const ServiceOrder = z.object({
  order_no: z.string(),
  book_id: z.string(),
  kind: z.enum(['role', 'feature']),
  role_id: z.string().nullable(),
  feature_code: z.string().nullable(),
  title: z.string(),
  billing_type: z.enum(['PerDay', 'PerPersonPerDay']),
  price: Money,
  status: z.enum(['running', 'ended']),
  started_on: z.string(),
  /** Bills of past days not paid yet (the book is in arrears while this is above 0.00). */
  unpaid: Money,
  last_bill_day: z.string().nullable(),
});
export type ServiceOrder = z.infer<typeof ServiceOrder>;
export const ServiceOrderResponse = dataOf(ServiceOrder);
export const ServiceOrderParams = z.object({ id: OrderNo });

export const OrdersRequest = z.object({
  type: z.enum(ORDER_TYPES).default('all'),
  cursor: cursorField(TRADE_CURSOR).optional(),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export const TradeRecord = z.object({
  type: z.enum(['recharge', 'purchase', 'service']),
  order_no: z.string(),
  title: z.string(),
  status: z.string(),
  /** Into the wallet (a recharge, with its bonus) or out of it (negative). */
  amount: Money,
  book_id: z.string().nullable(),
  created_at: z.number(),
});
export type TradeRecord = z.infer<typeof TradeRecord>;
export const OrdersResponse = z.object({
  data: z.array(TradeRecord),
  paging: z.object({ has_more: z.boolean(), cursor: z.string().nullable() }),
});
export const OrdersNumResponse = dataOf(z.object({ all: z.number(), recharge: z.number(), purchase: z.number(), service: z.number() }));

export const BookFeature = z.object({
  feature_code: z.string(),
  name: z.string(),
  role_scope: z.enum(['all', 'manager']),
  billing_type: z.enum(['OneOff', 'PerDay']),
  price: Money,
  status: z.enum(['open', 'closed']),
  expires_at: z.number().nullable(),
  source: z.enum(['operator', 'order', 'trial']).nullable(),
});
export type BookFeature = z.infer<typeof BookFeature>;
export const ServiceSummaryResponse = dataOf(
  z.object({
    book_id: z.string(),
    bill_status: z.enum(BILL_STATUSES),
    /** The caller's own authorization in the book (SPEC 4). */
    auth_status: z.enum(AUTH_STATUSES),
    features: z.array(BookFeature),
    services: z.array(ServiceOrder),
    unpaid: Money,
  }),
);

export const FeatureTrialParams = z.object({ featureCode: FeatureCode });
export const FeatureTrialRequest = z.object({ role_scope: z.enum(['all', 'manager']).optional() });
export const FeatureTrialResponse = dataOf(
  z.object({
    feature_code: z.string(),
    name: z.string(),
    role_scope: z.enum(['all', 'manager']),
    billing_type: z.enum(['OneOff', 'PerDay']),
    price: Money,
    /** What a day of it costs (0.00 for a feature bought in packages). */
    daily_expense: Money,
    /** What opening it now costs (SPEC 4: 0.00 when the daily expense is 0.00 and nothing is due now). */
    trial_price: Money,
    balance: Money,
    enough: z.boolean(),
    status: z.enum(['open', 'closed']),
    expires_at: z.number().nullable(),
  }),
);
export const FeatureUnassignParams = z.object({ id: Id });
export const FeatureUnassignRequest = z.object({ feature_code: FeatureCode });
export const BookFeaturesResponse = listOf(BookFeature);
export const UserFeature = BookFeature.extend({ book_id: z.string(), book_name: z.string() });
export const UserFeaturesResponse = listOf(UserFeature);
export const BookFeatureParams = z.object({ x: FeatureCode });
export const BookFeatureResponse = dataOf(BookFeature);

export const RoleTrialParams = z.object({ id: Id });
export const RoleTrialRequest = z.object({ role_id: Id });
export const RoleTrialResponse = dataOf(
  z.object({
    role_id: z.string(),
    user_id: z.string(),
    billing_type: z.enum(['PerDay', 'PerPersonPerDay', 'OneOff']),
    price: Money,
    /** How many people the role's daily price is counted for once this member holds it. */
    persons: z.number(),
    daily_expense: Money,
    /** What assigning it charges now: a one-off price, or the first day. */
    trial_price: Money,
    balance: Money,
    enough: z.boolean(),
  }),
);
export const PayForAssignParams = z.object({ id: Id });
export const PayForAssignRequest = z.object({
  user_ids: z.array(Id).min(1).max(50),
  pay_type: PayType.optional(),
  channel: Channel.optional(),
});

export const Coupon = z.object({
  coupon_id: z.string(),
  name: z.string(),
  reduceAmount: Money,
  comboIds: z.array(z.string()),
  validFrom: z.number(),
  validUntil: z.number(),
});
export type Coupon = z.infer<typeof Coupon>;
export const CouponsForCombosRequest = z.object({
  head: z.object({}).passthrough().optional(),
  body: z.object({
    comboIds: z.array(CatalogueCode).min(1).max(50),
    actCode: CatalogueCode.optional(),
    sortType: z.coerce.number().int().min(1).max(2).optional(),
    bookId: Id.optional(),
  }),
});
export const CouponsForCombosResponse = listOf(Coupon);

export const ActivityCombosRequest = z.object({ actCode: CatalogueCode });
export const ActivityCombo = z.object({
  comboId: z.string(),
  comboName: z.string(),
  /** The feature's days it gives, or (capacityMb) MB of cloud space: one of the two is null. */
  featureCode: z.string().nullable(),
  capacityMb: z.number().nullable(),
  days: z.number(),
  sellPrice: Money,
  originalPrice: Money,
});
export type ActivityCombo = z.infer<typeof ActivityCombo>;
export const ActivityCombosResponse = listOf(ActivityCombo);

export const ActivityRuleRequest = z.object({
  actCode: CatalogueCode,
  extParams: z.object({ bookId: Id.optional() }).optional(),
});
export const ActivityRuleResponse = dataOf(z.object({ eligible: z.boolean(), drawn: z.boolean(), reason: z.string() }));
export const ActivityDrawRequest = ActivityRuleRequest.extend({ uiComponentCodes: z.array(CatalogueCode).max(20).optional() });
export const ActivityDrawResponse = dataOf(z.object({ eligible: z.boolean(), reason: z.string(), coupon: Coupon.nullable() }));

export const OperationSpacesRequest = z.object({ spaceCodes: z.array(CatalogueCode).min(1).max(20) });
export const OperationSpace = z.object({
  spaceCode: z.string(),
  items: z.array(z.object({ code: z.string(), title: z.string(), text: z.string(), link: z.string() })),
});
export type OperationSpace = z.infer<typeof OperationSpace>;
export const OperationSpacesResponse = listOf(OperationSpace);
