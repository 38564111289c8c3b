/**
 * Rules of recording that both sides use, zod-free for the web's first load: the
 * transaction types, how each one moves its accounts, and the limits of input.
 */

/** Every business_type of SPEC section 1 / WIRE.md part A. */
export const BUSINESS_TYPES = [
  'Expense',
  'Income',
  'Transfer',
  'Balance',
  'Balance_Changed',
  'Liability_Changed',
  'Creditor_Changed',
  'Loan',
  'Borrow',
  'Collection',
  'Repayment',
  'Payment',
  'Reimbursement',
  'Refund',
  'Template',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The four tabs of the accounting page. */
export const RECORD_TABS = ['Expense', 'Income', 'Transfer', 'Balance'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

export const TRADE_TYPES = ['Expense', 'Income'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/**
 * How a type moves the one account it names: money out (-1), money in (+1), or the
 * signed amount as given (adjustments, whose amount may be negative). A Transfer moves
 * two accounts; a Template moves none; a Balance entry is stored as the Balance_Changed
 * difference.
 */
export const ACCOUNT_DIRECTION: Record<Exclude<BusinessType, 'Transfer' | 'Template' | 'Balance'>, -1 | 1 | 'signed'> = {
  Expense: -1,
  Income: 1,
  Loan: -1,
  Borrow: 1,
  Collection: 1,
  Repayment: -1,
  Payment: -1,
  Reimbursement: 1,
  Refund: 1,
  Balance_Changed: 'signed',
  Liability_Changed: 'signed',
  Creditor_Changed: 'signed',
};

/** Types whose category tree is the expense or the income tree (a category is required). */
export const CATEGORY_TRADE_TYPE: Partial<Record<BusinessType, TradeType>> = {
  Expense: 'Expense',
  Income: 'Income',
  Refund: 'Expense',
  Reimbursement: 'Expense',
};
export const CATEGORY_REQUIRED: readonly BusinessType[] = ['Expense', 'Income'];

/** The largest amount one transaction may carry: 9,999,999,999.99 (minor units). */
export const AMOUNT_MAX_MINOR = 999_999_999_999n;
export const AMOUNT_MAX_TEXT = '9,999,999,999.99';

export const REMARK_MAX = 200;
export const DIMENSION_NAME_MAX = 20;
export const ACCOUNT_GROUP_MAX = 20;
/** Images of one transaction (SPEC 9: image choose count 9) and their size (5120 KB). */
export const TRANSACTION_IMAGES_MAX = 9;
export const IMAGE_MAX_BYTES = 5120 * 1024;
/**
 * A transaction's optional place (docs/host.md, "Places"): its name and address in
 * graphemes, and its coordinates in degrees with at most six decimals (about 0.1 m:
 * finer is noise, and the columns keep six).
 */
export const PLACE_NAME_MAX = 60;
export const PLACE_ADDRESS_MAX = 120;
export const COORDINATE_DECIMALS = 6;
/** A latitude (limit 90) or longitude (limit 180): a finite number within the limit, six decimals at most. */
export function isCoordinate(v: unknown, limit: 90 | 180): v is number {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit && Number(v.toFixed(COORDINATE_DECIMALS)) === v;
}
/** Transactions in one batch create (importers). */
export const BATCH_MAX = 1000;
/** How many recently used items a recently-use list answers. */
export const RECENTLY_USE_LIMIT = 10;
/** A book's cloud space before any rental (MB). */
export const FREE_CAPACITY_MB = 100;
/** Transaction times are accepted from 1970 up to a year ahead. */
export const TRANSACTION_TIME_AHEAD_MS = 366 * 86_400_000;

/** The special items of the pickers (SPEC 3 and 5). */
export const RECENT_USE_ID = '-1';
export const ROOT_ALL_ID = '1';
export const EMPTY_ITEM_ID = '0';

export const DIMENSION_KINDS = ['categories', 'accounts', 'members', 'merchants', 'projects'] as const;
export type DimensionKind = (typeof DIMENSION_KINDS)[number];
export type LabelKind = 'members' | 'merchants' | 'projects';

/** Account types of the account picker and the account form. */
export const ACCOUNT_TYPES = ['Cash', 'Virtual', 'DebitCard', 'CreditCard', 'Investment', 'Receivable', 'Payable', 'Other'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Currencies with a rate in the seeded rate table; an operator adds more with `npm run cab -- rates set`. */
export const DEFAULT_CURRENCY = 'CNY';
