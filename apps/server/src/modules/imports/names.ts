import {
  DEFAULT_CATEGORY_ICON,
  DIMENSION_NAME_MAX,
  type AccountType,
  type ImportName,
  type ImportNameKind,
  type Locale,
  type TradeType,
} from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';
import type { DimensionsRepository } from '../accounting/dimensions.repository.ts';

/** The book's dimensions as the names of a file are matched against them. */
export interface BookNames {
  categories: Array<{ id: string; name: string; parent_id: string | null; type: TradeType; icon: string }>;
  accounts: Array<{ id: string; name: string; currency: string }>;
  labels: Record<'member' | 'merchant' | 'project', Array<{ id: string; name: string }>>;
}

/** A name's key: its kind, tree and words. */
export const nameKey = (kind: ImportNameKind, name: string, trade?: TradeType | null) => `${kind}\u0000${trade ?? ''}\u0000${name}`;

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The graphemes of a name that fit a dimension's name. */
export function fitName(name: string, max = DIMENSION_NAME_MAX): string {
  const parts = [...new Intl.Segmenter().segment(name.trim())].map((s) => s.segment);
  return parts.slice(0, max).join('').trim();
}

/** A category path of a file: "parent/child" or a single name. */
export function splitCategory(name: string): { parent: string | undefined; leaf: string } {
  const at = name.indexOf('/');
  if (at <= 0 || at === name.length - 1) return { parent: undefined, leaf: fitName(name) };
  return { parent: fitName(name.slice(0, at)), leaf: fitName(name.slice(at + 1)) };
}

/**
 * The book's dimension a file's name is, if any: an account or a label of that name
 * (case and spaces aside); a category by its path, else a category of that tree with the
 * leaf's name (top level first).
 */
export function matchName(
  book: BookNames,
  kind: ImportNameKind,
  name: string,
  trade: TradeType | null,
): { id: string; name: string } | null {
  if (kind === 'account') return book.accounts.find((a) => same(a.name, fitName(name))) ?? null;
  if (kind !== 'category') return book.labels[kind].find((l) => same(l.name, fitName(name))) ?? null;
  const tree = book.categories.filter((c) => c.type === (trade ?? 'Expense'));
  const { parent, leaf } = splitCategory(name);
  if (parent) {
    const p = tree.find((c) => c.parent_id === null && same(c.name, parent));
    const child = p && tree.find((c) => c.parent_id === p.id && same(c.name, leaf));
    if (child) return { id: child.id, name: `${p.name}/${child.name}` };
  }
  const top = tree.find((c) => c.parent_id === null && same(c.name, leaf));
  const any = top ?? tree.find((c) => same(c.name, leaf));
  return any ? { id: any.id, name: any.name } : null;
}

/** An account type guessed from a payment method's name (a new account is made of it). */
export function accountTypeOf(name: string): AccountType {
  if (/信用卡|花呗|白条|credit/i.test(name)) return 'CreditCard';
  if (/储蓄卡|借记卡|debit|银行|bank/i.test(name)) return 'DebitCard';
  if (/现金|cash/i.test(name)) return 'Cash';
  if (/余额宝|零钱|余额|支付宝|微信|alipay|wechat|paypal/i.test(name)) return 'Virtual';
  return 'Other';
}

const GROUPS: Record<AccountType, Record<Locale, string>> = {
  Cash: { 'zh-CN': '现金', en: 'Cash' },
  Virtual: { 'zh-CN': '网络支付', en: 'Online payment' },
  DebitCard: { 'zh-CN': '储蓄卡', en: 'Debit card' },
  CreditCard: { 'zh-CN': '信用卡', en: 'Credit card' },
  Investment: { 'zh-CN': '投资', en: 'Investment' },
  Receivable: { 'zh-CN': '应收应付', en: 'Owed & owing' },
  Payable: { 'zh-CN': '应收应付', en: 'Owed & owing' },
  Other: { 'zh-CN': '其他', en: 'Other' },
};

/**
 * Makes the dimensions an import's choices call new, inside the import's transaction,
 * and answers every chosen name's id. Made dimensions are named in the import's one
 * activity entry, not one entry each.
 */
export class NameMaker {
  readonly made: Array<{ kind: ImportNameKind; id: string; name: string }> = [];

  constructor(
    private readonly tx: Database,
    private readonly repo: DimensionsRepository,
    private readonly bookId: string,
    private readonly book: BookNames,
    private readonly currency: string,
    private readonly locale: Locale,
  ) {}

  /** `currency`: a new account's, when the file says its rows' (a dollar card's statement); the book's otherwise. */
  async make(n: Pick<ImportName, 'kind' | 'name' | 'trade'>, currency?: string): Promise<string> {
    if (n.kind === 'category') return this.category(n.name, n.trade ?? 'Expense');
    if (n.kind === 'account') return this.account(n.name, currency ?? this.currency);
    const name = fitName(n.name);
    const found = this.book.labels[n.kind].find((l) => same(l.name, name));
    if (found) return found.id;
    const row = await this.repo.insertLabel(
      this.tx,
      this.bookId,
      `${n.kind}s`,
      name,
      await this.repo.nextSort(this.tx, 'book_labels', this.bookId),
    );
    this.book.labels[n.kind].push({ id: row.id, name });
    this.made.push({ kind: n.kind, id: row.id, name });
    return row.id;
  }

  /**
   * Labels of one kind made at once, in one statement (a bill may name thousands of
   * merchants); answers each name's id, those the book had included.
   */
  async makeLabels(kind: 'member' | 'merchant' | 'project', raw: readonly string[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const fresh: string[] = [];
    for (const r of raw) {
      const name = fitName(r);
      const found =
        this.book.labels[kind].find((l) => same(l.name, name)) ?? fresh.map((n) => ({ id: '', name: n })).find((l) => same(l.name, name));
      if (found?.id) ids.set(r, found.id);
      else if (!found) fresh.push(name);
    }
    const rows = await this.repo.insertLabels(this.tx, this.bookId, `${kind}s`, fresh);
    for (const row of rows) {
      this.book.labels[kind].push(row);
      this.made.push({ kind, id: row.id, name: row.name });
    }
    for (const r of raw) if (!ids.has(r)) ids.set(r, this.book.labels[kind].find((l) => same(l.name, fitName(r)))!.id);
    return ids;
  }

  private async account(raw: string, currency: string): Promise<string> {
    const name = fitName(raw);
    const found = this.book.accounts.find((a) => same(a.name, name));
    if (found) return found.id;
    const type = accountTypeOf(raw);
    const row = await this.repo.insertAccount(this.tx, {
      book_id: this.bookId,
      group_name: GROUPS[type][this.locale],
      name,
      type,
      currency,
      sort: await this.repo.nextSort(this.tx, 'book_accounts', this.bookId),
    });
    this.book.accounts.push({ id: row.id, name, currency });
    this.made.push({ kind: 'account', id: row.id, name });
    return row.id;
  }

  private async category(raw: string, trade: TradeType): Promise<string> {
    const { parent, leaf } = splitCategory(raw);
    let parentRow = parent ? this.book.categories.find((c) => c.type === trade && c.parent_id === null && same(c.name, parent)) : undefined;
    if (parent && !parentRow) parentRow = await this.insertCategory(parent, trade, null, DEFAULT_CATEGORY_ICON);
    const siblings = this.book.categories.filter((c) => c.type === trade && c.parent_id === (parentRow?.id ?? null));
    const found = siblings.find((c) => same(c.name, leaf));
    if (found) return found.id;
    return (await this.insertCategory(leaf, trade, parentRow?.id ?? null, parentRow?.icon ?? DEFAULT_CATEGORY_ICON)).id;
  }

  private async insertCategory(name: string, type: TradeType, parentId: string | null, icon: string) {
    const sort = await this.repo.nextSort(this.tx, 'book_categories', this.bookId);
    const row = await this.repo.insertCategory(this.tx, { book_id: this.bookId, parent_id: parentId, type, name, icon, sort });
    const made = { id: row.id, name, parent_id: parentId, type, icon };
    this.book.categories.push(made);
    this.made.push({ kind: 'category', id: row.id, name });
    return made;
  }
}
