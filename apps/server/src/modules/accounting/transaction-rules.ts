import {
  ACCOUNT_DIRECTION,
  AMOUNT_MAX_MINOR,
  AMOUNT_MAX_TEXT,
  CATEGORY_REQUIRED,
  CATEGORY_TRADE_TYPE,
  COORDINATE_DECIMALS,
  FIELD_LABELS,
  TRANSACTION_TIME_AHEAD_MS,
  moneyToMinor,
  type BusinessType,
  type LabelKind,
  type Place,
} from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BookRefs } from './refs.ts';
import { convertMinor, formatRate, RATE_ONE, type RatesRepository } from './rates.ts';

/** What a record asks for, after merging an edit over the stored transaction. */
export interface RecordRequest {
  business_type: BusinessType;
  account?: string | undefined;
  from_account?: string | undefined;
  to_account?: string | undefined;
  category?: string | undefined;
  amount?: string | undefined;
  from_amount?: string | undefined;
  to_amount?: string | undefined;
  currency?: string | undefined;
  member?: string | undefined;
  merchant?: string | undefined;
  project?: string | undefined;
  remark: string;
  transaction_time?: number | undefined;
  images?: string[] | undefined;
  /** Where it was made; none when absent or null. */
  place?: Place | null | undefined;
}

/** A record ready to store: its ids, amounts and how it moves its accounts. */
export interface ResolvedRecord {
  business_type: BusinessType;
  amount_minor: bigint;
  currency: string;
  book_amount_minor: bigint;
  account_id: string | null;
  account_delta_minor: bigint;
  to_account_id: string | null;
  to_account_delta_minor: bigint;
  rate: string | null;
  category_id: string | null;
  member_id: string | null;
  merchant_id: string | null;
  project_id: string | null;
  remark: string;
  transaction_time: Date;
  /** The place's columns: a name and both coordinates (six decimals, as text), or all null. */
  place_name: string | null;
  place_address: string | null;
  place_lat: string | null;
  place_lng: string | null;
}

export interface RuleContext {
  /** The write's database transaction: every lookup goes through it (one connection on PGlite). */
  db: Database;
  /** What the records name, read beforehand (BookRefs.load): the rules look them up without waiting. */
  refs: BookRefs;
  rates: RatesRepository;
  bookCurrency: string;
  now: number;
  /** The rates this write used, each pair read once (a batch in a foreign currency names it a thousand times). */
  usedRates?: Map<string, Promise<bigint>>;
}

function amountOf(text: string | undefined): bigint {
  const v = moneyToMinor(text ?? '0');
  if (v > AMOUNT_MAX_MINOR || v < -AMOUNT_MAX_MINOR) throw new AppError('transaction.amountTooLarge', { max: AMOUNT_MAX_TEXT });
  return v;
}

function positive(v: bigint): bigint {
  if (v <= 0n) throw new AppError('transaction.amountNotPositive');
  return v;
}

function accountOf(ctx: RuleContext, id: string | undefined, field: 'account' | 'from_account' | 'to_account') {
  if (!id) throw new AppError('validation.required', { field: FIELD_LABELS[field] });
  const row = ctx.refs.account(id);
  if (!row) throw new AppError('dimension.accountUnknown');
  return row;
}

const LABEL_UNKNOWN = {
  members: 'dimension.memberUnknown',
  merchants: 'dimension.merchantUnknown',
  projects: 'dimension.projectUnknown',
} as const;

function labelOf(ctx: RuleContext, kind: LabelKind, id: string | undefined): string | null {
  if (!id) return null;
  if (!ctx.refs.label(kind, id)) throw new AppError(LABEL_UNKNOWN[kind]);
  return id;
}

function categoryOf(ctx: RuleContext, type: BusinessType, id: string | undefined): string | null {
  if (!id) {
    if (CATEGORY_REQUIRED.includes(type)) throw new AppError('transaction.categoryNeeded');
    return null;
  }
  const row = ctx.refs.category(id);
  if (!row) throw new AppError('dimension.categoryUnknown');
  const want = CATEGORY_TRADE_TYPE[type];
  if (want && row.type !== want) {
    throw new AppError('transaction.categoryWrongType', { type: want === 'Expense' ? FIELD_LABELS.expenseType : FIELD_LABELS.incomeType });
  }
  return id;
}

/**
 * The amount in another currency at the table's rate, with the rate used. Callers convert
 * only between two currencies: most records are in one, and waiting for nothing a
 * thousand times a batch shows in its time.
 */
async function convert(ctx: RuleContext, amount: bigint, from: string, to: string): Promise<{ minor: bigint; rate: bigint }> {
  const key = `${from} ${to}`;
  const used = (ctx.usedRates ??= new Map());
  let rate = used.get(key);
  if (!rate) {
    rate = ctx.rates.rate(from, to, ctx.db).then((r) => r.rate);
    used.set(key, rate);
  }
  const r = await rate;
  return { minor: convertMinor(amount, r), rate: r };
}

/** A place as stored: coordinates as fixed six-decimal text, so the numeric columns take them exactly. */
export function placeColumns(place: Place | null | undefined) {
  return {
    place_name: place?.name ?? null,
    // An address that trims to nothing is none.
    place_address: place?.address || null,
    place_lat: place ? place.latitude.toFixed(COORDINATE_DECIMALS) : null,
    place_lng: place ? place.longitude.toFixed(COORDINATE_DECIMALS) : null,
  };
}

function timeOf(ctx: RuleContext, ms: number | undefined): Date {
  const t = ms ?? ctx.now;
  if (t > ctx.now + TRANSACTION_TIME_AHEAD_MS) throw new AppError('transaction.timeOutOfRange');
  return new Date(t);
}

/**
 * The accounting rules: amounts by type, accounts and dimensions of this book only,
 * categories of the right trade type, two different accounts for a transfer, and the
 * signed movement of each account in that account's currency.
 */
export async function resolveRecord(ctx: RuleContext, r: RecordRequest): Promise<ResolvedRecord> {
  const shared = {
    member_id: labelOf(ctx, 'members', r.member),
    merchant_id: labelOf(ctx, 'merchants', r.merchant),
    project_id: labelOf(ctx, 'projects', r.project),
    remark: r.remark,
    transaction_time: timeOf(ctx, r.transaction_time),
    ...placeColumns(r.place),
  };
  if (r.business_type === 'Transfer') {
    const from = accountOf(ctx, r.from_account, 'from_account');
    const to = accountOf(ctx, r.to_account, 'to_account');
    if (from.id === to.id) throw new AppError('transaction.sameAccount');
    const sent = positive(amountOf(r.from_amount));
    const received =
      r.to_amount !== undefined
        ? positive(amountOf(r.to_amount))
        : from.currency === to.currency
          ? sent
          : (await convert(ctx, sent, from.currency, to.currency)).minor;
    const scaled = from.currency === to.currency ? null : (received * RATE_ONE) / sent;
    return {
      business_type: 'Transfer',
      amount_minor: sent,
      currency: from.currency,
      book_amount_minor: from.currency === ctx.bookCurrency ? sent : (await convert(ctx, sent, from.currency, ctx.bookCurrency)).minor,
      account_id: from.id,
      account_delta_minor: -sent,
      to_account_id: to.id,
      to_account_delta_minor: received,
      rate: scaled === null ? null : formatRate(scaled),
      category_id: null,
      ...shared,
    };
  }
  if (r.business_type === 'Balance') throw new Error('a balance entry is resolved by resolveBalance');
  const account = accountOf(ctx, r.account, 'account');
  const currency = r.currency ?? account.currency;
  const amount = amountOf(r.amount);
  const direction = r.business_type === 'Template' ? 0 : ACCOUNT_DIRECTION[r.business_type];
  if (direction === 'signed') {
    if (amount === 0n) throw new AppError('transaction.amountZero');
  } else if (direction === 0) {
    if (amount < 0n) throw new AppError('transaction.amountNotPositive');
  } else {
    positive(amount);
  }
  const inAccount =
    currency === account.currency ? { minor: amount, rate: RATE_ONE } : await convert(ctx, amount, currency, account.currency);
  const delta = direction === 'signed' ? inAccount.minor : BigInt(direction) * inAccount.minor;
  return {
    business_type: r.business_type,
    amount_minor: amount,
    currency,
    book_amount_minor: currency === ctx.bookCurrency ? amount : (await convert(ctx, amount, currency, ctx.bookCurrency)).minor,
    account_id: account.id,
    account_delta_minor: delta,
    to_account_id: null,
    to_account_delta_minor: 0n,
    rate: currency === account.currency ? null : formatRate(inAccount.rate),
    category_id: categoryOf(ctx, r.business_type, r.category),
    ...shared,
  };
}

/** A balance entry: the account's balance now, stored as the Balance_Changed difference. */
export async function resolveBalance(ctx: RuleContext, r: RecordRequest, currentBalance: bigint): Promise<ResolvedRecord> {
  const account = accountOf(ctx, r.account, 'account');
  const diff = amountOf(r.amount) - currentBalance;
  if (diff === 0n) throw new AppError('transaction.balanceUnchanged');
  return resolveRecord(ctx, {
    ...r,
    business_type: 'Balance_Changed',
    account: account.id,
    amount: moneyOf(diff),
    currency: account.currency,
  });
}

function moneyOf(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
