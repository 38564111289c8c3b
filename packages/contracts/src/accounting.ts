import { z } from 'zod';
import {
  ACCOUNT_GROUP_MAX,
  ACCOUNT_TYPES,
  BATCH_MAX,
  BUSINESS_TYPES,
  COORDINATE_DECIMALS,
  DIMENSION_NAME_MAX,
  PLACE_ADDRESS_MAX,
  PLACE_NAME_MAX,
  REMARK_MAX,
  TRADE_TYPES,
  TRANSACTION_IMAGES_MAX,
} from './accounting-rules.ts';
import { EpochMs, Id, Money, Name, Text } from './common.ts';
import { CATEGORY_ICONS } from './dimension-icons.ts';
import type { MessageKey } from './messages.ts';

// ---------- dimensions ----------

const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be a currency code');
export const DimensionName = Name(DIMENSION_NAME_MAX);
/** A category icon: a name of the web's SVG icon set (CATEGORY_ICONS), never an emoji. */
const IconName = z.enum(CATEGORY_ICONS);

export interface CategoryItem {
  id: string;
  name: string;
  type: (typeof TRADE_TYPES)[number];
  icon: string;
  hidden: boolean;
  parent_id: string | null;
  sort: number;
  sub_categories: CategoryItem[];
}
export const CategoryItem: z.ZodType<CategoryItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(TRADE_TYPES),
    icon: z.string(),
    hidden: z.boolean(),
    parent_id: z.string().nullable(),
    sort: z.number().int(),
    sub_categories: z.array(CategoryItem),
  }),
);
export const CategoryListResponse = z.object({ data: z.array(CategoryItem) });

export const AccountItem = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  /** The live balance: the signed sum of the account's transactions. */
  balance: Money,
  currency: z.string(),
  group_name: z.string(),
  hidden: z.boolean(),
  sort: z.number().int(),
});
export type AccountItem = z.infer<typeof AccountItem>;
export const AccountGroup = z.object({ name: z.string(), accounts: z.array(AccountItem) });
export type AccountGroup = z.infer<typeof AccountGroup>;
export const AccountListResponse = z.object({ data: z.array(AccountGroup) });
export const AccountRecentResponse = z.object({ data: z.array(AccountItem) });

/** Members, merchants and projects: a name, and for members the user they stand for. */
export const LabelItem = z.object({
  id: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  sort: z.number().int(),
  user_id: z.string().nullable(),
});
export type LabelItem = z.infer<typeof LabelItem>;
export const LabelListResponse = z.object({ data: z.array(LabelItem) });

/** The list calls' query (SPEC 7): trade_type, scene and operation_codes, where used. */
export const DimensionListQuery = z.object({
  trade_type: z.union([z.enum(TRADE_TYPES), z.literal('')]).optional(),
  /** Accounting: what a picker offers (hidden items left out); Common (default): everything, for managing. */
  scene: z.enum(['Accounting', 'Common']).optional(),
  /** C: items to record with (needs the add-transaction permission); R: reading. */
  operation_codes: z
    .string()
    .regex(/^[CRUD](,[CRUD])*$/, 'must be C, R, U or D, comma-joined')
    .optional(),
});
export type DimensionListQuery = z.input<typeof DimensionListQuery>;

export const CreateCategoryRequest = z.object({
  name: DimensionName,
  type: z.enum(TRADE_TYPES),
  parent_id: Id.optional(),
  icon: IconName.optional(),
});
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>;
export const CreateAccountRequest = z.object({
  name: DimensionName,
  group_name: Name(ACCOUNT_GROUP_MAX),
  type: z.enum(ACCOUNT_TYPES),
  currency: Currency.optional(),
  /** The opening balance, recorded as a Balance_Changed transaction so balances stay a sum. */
  balance: Money.optional(),
});
export type CreateAccountRequest = z.input<typeof CreateAccountRequest>;
export const CreateLabelRequest = z.object({ name: DimensionName });
export type CreateLabelRequest = z.input<typeof CreateLabelRequest>;

const nothingToUpdate = 'validation.nothingToUpdate' satisfies MessageKey;
const someField = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
export const UpdateCategoryRequest = z
  .object({ name: DimensionName.optional(), icon: IconName.optional(), hidden: z.boolean().optional() })
  .refine(someField, nothingToUpdate);
export type UpdateCategoryRequest = z.input<typeof UpdateCategoryRequest>;
export const UpdateAccountRequest = z
  .object({
    name: DimensionName.optional(),
    group_name: Name(ACCOUNT_GROUP_MAX).optional(),
    type: z.enum(ACCOUNT_TYPES).optional(),
    currency: Currency.optional(),
    hidden: z.boolean().optional(),
  })
  .refine(someField, nothingToUpdate);
export type UpdateAccountRequest = z.input<typeof UpdateAccountRequest>;
export const UpdateLabelRequest = z
  .object({ name: DimensionName.optional(), hidden: z.boolean().optional() })
  .refine(someField, nothingToUpdate);
export type UpdateLabelRequest = z.input<typeof UpdateLabelRequest>;

/** The new order of one level: every sibling id exactly once. */
export const SortRequest = z.object({ ids: z.array(Id).min(1).max(500) });
export type SortRequest = z.input<typeof SortRequest>;
/** Deleting a used dimension names where its transactions go ("0": none, for members, merchants and projects). */
export const DeleteDimensionRequest = z.object({ move_to: z.union([Id, z.literal('0')]).optional() });
export type DeleteDimensionRequest = z.input<typeof DeleteDimensionRequest>;
export const DimensionIdParams = z.object({ id: Id });

// ---------- transactions ----------

const Ref = z.object({ id: Id }).passthrough();
/** Members, merchants and projects may be "none": absent, null, or the empty item id "0". */
const OptionalRef = z
  .object({ id: z.union([Id, z.literal('0'), z.literal('-1')]) })
  .passthrough()
  .nullable()
  .optional();
const IMAGE_URL = /^\/cab-accounting-ws\/v2\/image\/([0-9]+)\/([0-9]+)$/;
/** An image's URL as the upload answered it, its book and image ids checked as every id is. */
const ImageUrl = z.string().refine((v) => {
  const m = IMAGE_URL.exec(v);
  return !!m && Id.safeParse(m[1]).success && Id.safeParse(m[2]).success;
}, 'must be an uploaded image');
/** An image as the upload answered it: its id or its URL. */
export const ImageRef = z.union([Id, ImageUrl, z.object({ id: Id }).passthrough()]);
const Images = z.array(ImageRef).max(TRANSACTION_IMAGES_MAX, `at most ${TRANSACTION_IMAGES_MAX} items`);
const Remark = Text(REMARK_MAX, { multiline: true });

const sixDecimals = (v: number) => Number(v.toFixed(COORDINATE_DECIMALS)) === v;
const Coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .refine(sixDecimals, 'validation.invalid' satisfies MessageKey);
/**
 * Where a record was made (docs/host.md, "Places"): as a host's picker or the browser's
 * Geolocation gives it, named by the user. Strict: a field the server would not keep is
 * refused rather than dropped, so nothing sent is silently lost.
 */
export const Place = z.strictObject({
  name: Name(PLACE_NAME_MAX),
  address: Text(PLACE_ADDRESS_MAX).optional(),
  latitude: Coordinate(90),
  longitude: Coordinate(180),
});
export type Place = z.output<typeof Place>;

const common = {
  /** A place, or null (none; on an edit, removes the stored one). */
  place: Place.nullable().optional(),
  remark: Remark.optional(),
  transaction_time: EpochMs.optional(),
  member: OptionalRef,
  merchant: OptionalRef,
  project: OptionalRef,
  images: Images.optional(),
};

/** Expense, income and the other one-account types: `amount` in `currency` (the account's by default). */
export const SingleAccountTransaction = z.object({
  business_type: z.enum(BUSINESS_TYPES).exclude(['Transfer', 'Balance']),
  account: Ref,
  category: OptionalRef,
  amount: Money,
  currency: Currency.optional(),
  ...common,
});
export const TransferTransaction = z.object({
  business_type: z.literal('Transfer'),
  from_account: Ref,
  to_account: Ref,
  from_amount: Money,
  /** In the receiving account's currency; converted at the table rate when absent. */
  to_amount: Money.optional(),
  ...common,
});
/** A balance entry: `amount` is the account's balance now; the difference is recorded. */
export const BalanceTransaction = z.object({
  business_type: z.literal('Balance'),
  account: Ref,
  amount: Money,
  ...common,
});
export const TransactionInput = z.discriminatedUnion('business_type', [SingleAccountTransaction, TransferTransaction, BalanceTransaction]);
export type TransactionInput = z.input<typeof TransactionInput>;
export type TransactionInputParsed = z.output<typeof TransactionInput>;

/** The per-type create calls: business_type may be left out (the path says it). */
export const ExpenseRequest = SingleAccountTransaction.extend({ business_type: z.literal('Expense').optional() });
export const IncomeRequest = SingleAccountTransaction.extend({ business_type: z.literal('Income').optional() });
export const TransferRequest = TransferTransaction.extend({ business_type: z.literal('Transfer').optional() });
export const BalanceRequest = BalanceTransaction.extend({ business_type: z.literal('Balance').optional() });

export const BatchCreateRequest = z.object({ transaction_vo_list: z.array(TransactionInput).min(1).max(BATCH_MAX) });
export type BatchCreateRequest = z.input<typeof BatchCreateRequest>;

/** An edit: any field of the create, merged over the stored transaction. */
export const UpdateTransactionRequest = z
  .object({
    business_type: z.enum(BUSINESS_TYPES).optional(),
    account: Ref.optional(),
    from_account: Ref.optional(),
    to_account: Ref.optional(),
    category: OptionalRef,
    amount: Money.optional(),
    from_amount: Money.optional(),
    to_amount: Money.optional(),
    currency: Currency.optional(),
    ...common,
  })
  .refine(someField, nothingToUpdate);
export type UpdateTransactionRequest = z.input<typeof UpdateTransactionRequest>;

export const DeleteTransactionsRequest = z.object({ ids: z.array(Id).min(1).max(BATCH_MAX) });
export const TransactionIdParams = z.object({ id: Id });

const Named = z.object({ id: z.string(), name: z.string() });
export const TransactionImage = z.object({ id: z.string(), url: z.string(), size: z.number().int() });
export type TransactionImage = z.infer<typeof TransactionImage>;
export const Transaction = z.object({
  id: z.string(),
  book_id: z.string(),
  business_type: z.enum(BUSINESS_TYPES),
  /** In `currency`; for a transfer the amount sent. */
  amount: Money,
  currency: z.string(),
  account: Named.extend({ currency: z.string() }).nullable(),
  /** The amount in the account's currency, and the rate used (null when the currencies match). */
  account_amount: Money.nullable(),
  rate: z.string().nullable(),
  from_account: Named.nullable(),
  to_account: Named.nullable(),
  from_amount: Money.nullable(),
  to_amount: Money.nullable(),
  category: Named.extend({ icon: z.string(), type: z.string(), parent_name: z.string().nullable() }).nullable(),
  member: Named.nullable(),
  merchant: Named.nullable(),
  project: Named.nullable(),
  remark: z.string(),
  transaction_time: z.number().int(),
  images: z.array(TransactionImage),
  place: z.object({ name: z.string(), address: z.string().optional(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** Who recorded it, and when it was written. */
  recorder: z.object({ id: z.string(), nickname: z.string() }),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Transaction = z.infer<typeof Transaction>;
/**
 * An expense budget that the saved record leaves overspent in its current period (ours:
 * the record form says so at once, docs/accounting.md). `subject_type` Book is the total.
 */
export const BudgetAlert = z.object({
  budget_id: z.string(),
  subject_type: z.enum(['Category', 'Book']),
  subject_name: z.string(),
  recurrence_type: z.enum(['Day', 'Week', 'Month', 'Season', 'Year', 'ALL']),
  amount: Money,
  used: Money,
  over_by: Money,
});
export type BudgetAlert = z.infer<typeof BudgetAlert>;
export const TransactionResponse = z.object({ data: Transaction, budget_alerts: z.array(BudgetAlert).optional() });
export const TransactionListResponse = z.object({ data: z.array(Transaction) });

// ---------- images, capacity, currencies, month summary ----------

export const ImageUploadResponse = z.object({ data: TransactionImage });
export const CapacityInfo = z.object({
  used: z.string(),
  total: z.string(),
  unit: z.literal('MB'),
  pic_upload_permit: z.enum(['permit', 'not_permit']),
  tips_title: z.string(),
  tips_content: z.string(),
});
export type CapacityInfo = z.infer<typeof CapacityInfo>;
export const CapacityResponse = z.object({ data: CapacityInfo });

export const ConvertQuery = z.object({ from: Currency, to: Currency, amount: Money.optional() });
export const ConvertResponse = z.object({
  data: z.object({ from: z.string(), to: z.string(), rate: z.string(), amount: Money, result: Money, updated_at: z.number().int() }),
});

/** A month of the book (yyyymm; its month starts on the book's dateGap); the book's current month when absent. */
export const MonthSummaryQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'must be yyyymm')
    .optional(),
});
export const MonthSummary = z.object({
  month: z.string(),
  income: Money,
  expense: Money,
  balance: Money,
  count: z.number().int(),
  /** The instants the month spans in the book's time zone (both included). */
  start_time: z.number().int(),
  end_time: z.number().int(),
});
export type MonthSummary = z.infer<typeof MonthSummary>;
export const MonthSummaryResponse = z.object({ data: MonthSummary });
