import {
  ACCOUNTING_PATHS,
  EMPTY_ITEM_ID,
  type AccountItem,
  type CategoryItem,
  type LabelItem,
  type Place,
  type RecordTab,
  type Transaction,
} from '@cab/contracts/client';
import type { TKey } from '../../i18n/index.ts';
import { typedToMinor, typedToMoney } from './keypad.ts';
import { selectable, type PickerNode } from './picker-tree.ts';
import '../../i18n/accounting.ts';

/** A choice of the form: what it sends (the id) and what it shows. */
export interface Choice {
  id: string;
  name: string;
  icon?: string;
  /** Accounts: their currency and type. */
  currency?: string;
  type?: string;
  parentName?: string;
  /** Not chosen for this record: carried over from the user's last record of this type (SPEC 3, recently used). */
  remembered?: boolean;
}

export type PickField = 'category' | 'account' | 'from' | 'to' | 'member' | 'merchant' | 'project';
export type Selection = Partial<Record<PickField, Choice>>;
export type LabelField = 'member' | 'merchant' | 'project';
export const LABEL_FIELDS: readonly LabelField[] = ['member', 'merchant', 'project'];
export const LABEL_KIND = { member: 'members', merchant: 'merchants', project: 'projects' } as const;

/** The search page of each field (search-account serves the transfer's two accounts too). */
export const SEARCH_KIND = {
  category: 'category',
  account: 'account',
  from: 'account',
  to: 'account',
  member: 'member',
  merchant: 'merchant',
  project: 'project',
} as const;

/** The fields each tab shows and sends. */
export const TAB_FIELDS: Record<RecordTab, readonly PickField[]> = {
  Expense: ['category', 'account', 'member', 'merchant', 'project'],
  Income: ['category', 'account', 'member', 'merchant', 'project'],
  Transfer: ['from', 'to', 'member', 'merchant', 'project'],
  Balance: ['account'],
};

export const nodeChoice = (n: PickerNode): Choice => ({
  id: n.id,
  name: n.name,
  ...(n.icon ? { icon: n.icon } : {}),
  ...(n.currency ? { currency: n.currency } : {}),
  ...(n.type ? { type: n.type } : {}),
  ...(n.parentName ? { parentName: n.parentName } : {}),
});
const accountChoice = (a: AccountItem): Choice => ({ id: a.id, name: a.name, currency: a.currency, type: a.type });
const labelChoice = (l: LabelItem): Choice => ({ id: l.id, name: l.name });

/** What the defaults are made from: the pickers' lists (hidden items left out) and the caller's recently used items. */
export interface DefaultsSource {
  categories?: CategoryItem[];
  accounts?: AccountItem[];
  labels?: Partial<Record<LabelField, LabelItem[]>>;
  recent?: {
    categories?: CategoryItem[];
    accounts?: AccountItem[];
  } & Partial<Record<LabelField, LabelItem[]>>;
}

/** The first recently used item that is still offered. */
function firstRecent<T extends { id: string }>(recent: T[] | undefined, offered: T[] | undefined): T | undefined {
  if (!recent || !offered) return undefined;
  const ids = new Set(offered.map((o) => o.id));
  return recent.find((r) => ids.has(r.id));
}

/** Second-level categories (and first-level ones without a second level), in order. */
function pickableCategories(categories: CategoryItem[]): CategoryItem[] {
  return categories.flatMap((c) => (c.sub_categories.length ? c.sub_categories : [c]));
}

function categoryChoice(c: CategoryItem, all: CategoryItem[]): Choice {
  const parent = c.parent_id ? all.find((p) => p.id === c.parent_id) : undefined;
  return { id: c.id, name: c.name, icon: c.icon, ...(parent ? { parentName: parent.name } : {}) };
}

/**
 * The defaults of SPEC 3. Expense and income start from what the user used last in a
 * record of the same type (recentUsed true, id -1: category, account, member, project
 * and merchant; the recently used lists are asked per trade type), marked `remembered`
 * so the form shows them as carried over; they fall back to the first category and
 * account and to no member, merchant or project. Transfer and balance carry nothing
 * over (recentUsed false): the first two accounts, and the first account.
 */
export function defaultsFor(tab: RecordTab, src: DefaultsSource): Selection {
  const accounts = src.accounts ?? [];
  if (tab === 'Transfer') {
    const [from, to] = accounts;
    return { ...(from ? { from: accountChoice(from) } : {}), ...(to ? { to: accountChoice(to) } : {}) };
  }
  if (tab === 'Balance') return accounts[0] ? { account: accountChoice(accounts[0]) } : {};
  const sel: Selection = {};
  const categories = src.categories ?? [];
  const pickable = pickableCategories(categories);
  const recentCategory = firstRecent(src.recent?.categories, pickable);
  const category = recentCategory ?? pickable[0];
  if (category) sel.category = { ...categoryChoice(category, categories), ...(recentCategory ? { remembered: true } : {}) };
  const recentAccount = firstRecent(src.recent?.accounts, accounts);
  const account = recentAccount ?? accounts[0];
  if (account) sel.account = { ...accountChoice(account), ...(recentAccount ? { remembered: true } : {}) };
  for (const f of LABEL_FIELDS) {
    const label = firstRecent(src.recent?.[f], src.labels?.[f]);
    if (label) sel[f] = { ...labelChoice(label), remembered: true };
  }
  return sel;
}

/** The user's own choices over the defaults; a choice made for a field always stands. */
export const resolveSelection = (defaults: Selection, picks: Selection): Selection => ({ ...defaults, ...picks });

/** A picked category is still one of the tab's tree, e.g. after switching between expense and income. */
export function categoryFits(choice: Choice | undefined, tree: PickerNode[] | undefined): boolean {
  if (!choice || !tree) return true;
  return tree.some((n) => selectable(n.subs).some((s) => s.id === choice.id) || n.subs.some((s) => s.id === choice.id));
}

export interface FormValues {
  tab: RecordTab;
  selection: Selection;
  /** The keypad's text: the amount, the amount sent (transfer) or the balance now. */
  amount: string;
  /** A transfer's amount received, when the two accounts' currencies differ and it was typed. */
  toAmount: string;
  time: number;
  remark: string;
  /** Uploaded images (ids). */
  images: string[];
  /** Where it was made, or none (null). */
  place?: Place | null;
}

export type FormErrors = Partial<Record<'amount' | 'category' | 'account' | 'from' | 'to', TKey>>;

export function validate(v: FormValues): FormErrors {
  const e: FormErrors = {};
  const s = v.selection;
  if (v.tab === 'Balance') {
    if (v.amount === '' || v.amount === '-') e.amount = 'accounting.errors.balance';
    if (!s.account) e.account = 'accounting.errors.account';
    return e;
  }
  if (v.amount === '') e.amount = 'accounting.errors.amount';
  else if (typedToMinor(v.amount) <= 0n) e.amount = 'accounting.errors.amountZero';
  if (v.tab === 'Transfer') {
    if (!s.from) e.from = 'accounting.errors.account';
    if (!s.to) e.to = 'accounting.errors.account';
    else if (s.from && s.from.id === s.to.id) e.to = 'accounting.errors.sameAccount';
    return e;
  }
  if (!s.category) e.category = 'accounting.errors.category';
  if (!s.account) e.account = 'accounting.errors.account';
  return e;
}

const ref = (c: Choice | undefined) => (c ? { id: c.id } : undefined);
/** A member, merchant or project: none is left out of a create and sent as the empty item in an edit. */
const optionalRef = (c: Choice | undefined, editing: boolean) =>
  c && c.id !== EMPTY_ITEM_ID ? { id: c.id } : editing ? { id: EMPTY_ITEM_ID } : undefined;

/** Leaves out what is undefined, so the body carries only what the form has. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** Is a transfer between accounts of two currencies (two amounts)? */
export const crossCurrency = (s: Selection): boolean => Boolean(s.from?.currency && s.to?.currency && s.from.currency !== s.to.currency);

/**
 * The body of a create (or, with `editing`, of an edit) for the form's tab, in the
 * shapes of WIRE.md part A.
 */
export function buildBody(v: FormValues, editing = false): Record<string, unknown> {
  const s = v.selection;
  const common = {
    remark: v.remark.trim() || (editing ? '' : undefined),
    transaction_time: v.time,
    // None is left out of a create and sent as null in an edit (which removes a stored one).
    place: v.place ?? (editing ? null : undefined),
  };
  const extras = {
    member: optionalRef(s.member, editing),
    merchant: optionalRef(s.merchant, editing),
    project: optionalRef(s.project, editing),
    images: v.images.length || editing ? v.images : undefined,
  };
  if (v.tab === 'Balance') return compact({ account: ref(s.account), amount: typedToMoney(v.amount), ...common });
  if (v.tab === 'Transfer') {
    const to = crossCurrency(s) && v.toAmount !== '' ? typedToMoney(v.toAmount) : undefined;
    return compact({
      ...(editing ? { business_type: 'Transfer' } : {}),
      from_account: ref(s.from),
      to_account: ref(s.to),
      from_amount: typedToMoney(v.amount),
      to_amount: to,
      ...common,
      ...extras,
    });
  }
  return compact({
    ...(editing ? { business_type: v.tab } : {}),
    account: ref(s.account),
    category: ref(s.category),
    amount: typedToMoney(v.amount),
    ...common,
    ...extras,
  });
}

/**
 * An edit's fields that differ from the record as the form was filled: only they are
 * sent, so a field another member changed meanwhile (while this phone was offline,
 * docs/offline.md) survives an edit that did not touch it. Nothing changed: the whole
 * body (an edit that sends no field is refused).
 */
export function changedFields(next: Record<string, unknown>, loaded: Record<string, unknown>): Record<string, unknown> {
  const changed = Object.fromEntries(Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(loaded[k])));
  return Object.keys(changed).length ? changed : next;
}

export const CREATE_PATH: Record<RecordTab, string> = {
  Expense: ACCOUNTING_PATHS.expense,
  Income: ACCOUNTING_PATHS.income,
  Transfer: ACCOUNTING_PATHS.transfer,
  Balance: ACCOUNTING_PATHS.balance,
};

/** A saved template: the form's expense or income as a Template record (it moves no money). */
export function templateBody(v: FormValues): Record<string, unknown> {
  // Like images, a place belongs to one record, not to a form to record from again.
  const b = buildBody({ ...v, images: [], place: null });
  return { ...b, business_type: 'Template', amount: v.amount === '' ? '0.00' : b.amount };
}

/** The form's tab for a stored transaction, or undefined for a type this page does not edit in full. */
export function tabOf(t: Pick<Transaction, 'business_type' | 'category'>): RecordTab | undefined {
  if (t.business_type === 'Expense' || t.business_type === 'Income' || t.business_type === 'Transfer') return t.business_type;
  if (t.business_type === 'Template') return t.category?.type === 'Income' ? 'Income' : 'Expense';
  return undefined;
}

/** A stored transaction (or a template) as the form's choices, every field set, none included. */
export function selectionOf(t: Transaction, none: Record<LabelField, string>): Selection {
  const sel: Selection = {};
  if (t.category)
    sel.category = {
      id: t.category.id,
      name: t.category.name,
      icon: t.category.icon,
      ...(t.category.parent_name ? { parentName: t.category.parent_name } : {}),
    };
  if (t.account) sel.account = { id: t.account.id, name: t.account.name, currency: t.account.currency };
  if (t.from_account) sel.from = { id: t.from_account.id, name: t.from_account.name };
  if (t.to_account) sel.to = { id: t.to_account.id, name: t.to_account.name };
  for (const f of LABEL_FIELDS) {
    const v = t[f];
    sel[f] = v ? { id: v.id, name: v.name } : { id: EMPTY_ITEM_ID, name: none[f] };
  }
  return sel;
}

/** An amount in minor units times a decimal rate ("7.1234"), rounded half up to minor units: no floats. */
export function convertMinor(minor: bigint, rate: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) return 0n;
  const decimals = m[2] ?? '';
  const num = BigInt(`${m[1]}${decimals}`);
  const den = 10n ** BigInt(decimals.length);
  const neg = minor < 0n;
  const v = ((neg ? -minor : minor) * num * 2n + den) / (2n * den);
  return neg ? -v : v;
}
