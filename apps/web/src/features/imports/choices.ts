import type { ImportCommitRequest, ImportName, ImportNameKind, ImportView, TradeType } from '@cab/contracts/client';

/**
 * What the user chooses before recording (issue 31): what each name of the file becomes,
 * the defaults for rows that name none, and the duplicates kept. Plain functions, so the
 * commit's body is tested without a screen.
 */

/** What a name becomes: a dimension of the book (its id, with its name to show), a new one ('new'), or nothing ('none'). */
export interface Choice {
  to: string;
  name?: string;
}

/** The names a file may leave out of its records (the server refuses 'none' for categories and accounts). */
export const MAY_SKIP: ReadonlySet<ImportNameKind> = new Set(['member', 'merchant', 'project']);

/** The tree a category name belongs to (the server reads a category without one as an expense's). */
export const treeOf = (n: Pick<ImportName, 'kind' | 'trade'>): TradeType | null => (n.kind === 'category' ? (n.trade ?? 'Expense') : null);

/** A name's key: its kind, tree and words, as the server tells names apart. */
export const nameKey = (kind: ImportNameKind, name: string, trade: TradeType | null): string => `${kind}\u0000${trade ?? ''}\u0000${name}`;
export const keyOf = (n: Pick<ImportName, 'kind' | 'name' | 'trade'>): string => nameKey(n.kind, n.name, treeOf(n));

/** The server's own choice when none is sent: the book's dimension of that name, else a new one. */
export const defaultChoice = (n: ImportName): Choice => (n.match ? { to: n.match.id, name: n.match.name } : { to: 'new' });

export const choiceOf = (n: ImportName, choices: ReadonlyMap<string, Choice>): Choice => choices.get(keyOf(n)) ?? defaultChoice(n);

/** A dimension of the book picked as a default, with its name to show. */
export interface Picked {
  id: string;
  name: string;
}
/** The defaults picked for rows that name no account, or no category of their tree. */
export interface PickedDefaults {
  account?: Picked | undefined;
  expense?: Picked | undefined;
  income?: Picked | undefined;
}
export type DefaultField = keyof PickedDefaults;
type Needs = NonNullable<ImportView['defaults']>['needs'];

/** The defaults the server suggests, as the pickers start. */
export const suggestedDefaults = (d: ImportView['defaults']): PickedDefaults => ({
  account: d?.account ?? undefined,
  expense: d?.expense_category ?? undefined,
  income: d?.income_category ?? undefined,
});

/** The defaults the rows need and nobody has picked: the page says so under each before sending. */
export function missingDefaults(needs: Needs | undefined, picked: PickedDefaults): DefaultField[] {
  if (!needs) return [];
  const out: DefaultField[] = [];
  if (needs.account && !picked.account) out.push('account');
  if (needs.expense_category && !picked.expense) out.push('expense');
  if (needs.income_category && !picked.income) out.push('income');
  return out;
}

/**
 * The commit's body. Only the names whose choice differs from the server's default are
 * sent (a file may name thousands of merchants, and the default needs no words); a
 * default goes only when some rows need it; the duplicates kept are their lines, in order.
 */
export function commitBody(
  names: readonly ImportName[],
  choices: ReadonlyMap<string, Choice>,
  needs: Needs | undefined,
  picked: PickedDefaults,
  include: Iterable<number>,
): ImportCommitRequest {
  const changed: NonNullable<ImportCommitRequest['names']> = [];
  // A kind of label left out whole goes as the kind: a bill may name more merchants than a body carries.
  const skipKinds = [...MAY_SKIP].filter((kind) => {
    const of = names.filter((n) => n.kind === kind);
    return of.length > 0 && of.every((n) => choices.get(keyOf(n))?.to === 'none');
  }) as Array<'member' | 'merchant' | 'project'>;
  for (const n of names) {
    const chosen = choices.get(keyOf(n));
    if (!chosen || chosen.to === defaultChoice(n).to) continue;
    if ((skipKinds as ImportNameKind[]).includes(n.kind)) continue;
    const trade = treeOf(n);
    changed.push({ kind: n.kind, name: n.name, ...(trade ? { trade } : {}), to: chosen.to });
  }
  return {
    names: changed,
    ...(skipKinds.length ? { skip_kinds: skipKinds } : {}),
    ...(needs?.account && picked.account ? { account_id: picked.account.id } : {}),
    ...(needs?.expense_category && picked.expense ? { expense_category_id: picked.expense.id } : {}),
    ...(needs?.income_category && picked.income ? { income_category_id: picked.income.id } : {}),
    include_duplicates: [...new Set(include)].sort((a, b) => a - b),
  };
}

/** How many records the commit makes: the rows read, less the duplicates, plus those kept. */
export const toRecord = (v: ImportView, kept: number): number => v.counts.read - v.counts.duplicate + kept;

/** The groups of the names mapping, in the order shown: categories by tree, then accounts and labels. */
export type NameGroup = 'categoryExpense' | 'categoryIncome' | 'account' | 'member' | 'merchant' | 'project';
export const NAME_GROUPS: readonly NameGroup[] = ['categoryExpense', 'categoryIncome', 'account', 'member', 'merchant', 'project'];
export const groupOf = (n: Pick<ImportName, 'kind' | 'trade'>): NameGroup =>
  n.kind === 'category' ? (treeOf(n) === 'Income' ? 'categoryIncome' : 'categoryExpense') : n.kind;
