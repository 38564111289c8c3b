import { EMPTY_ITEM_ID, type AccountGroup, type CategoryItem, type DimensionKind, type LabelItem } from '@cab/contracts/client';

/** The views of categoryLabels/index: the two category trees, then accounts, members, merchants and projects. */
export const MANAGE_VIEWS = ['expense', 'income', 'accounts', 'members', 'merchants', 'projects'] as const;
export type ManageView = (typeof MANAGE_VIEWS)[number];
export const VIEW_KIND: Record<ManageView, DimensionKind> = {
  expense: 'categories',
  income: 'categories',
  accounts: 'accounts',
  members: 'members',
  merchants: 'merchants',
  projects: 'projects',
};

/** One line of the management list. */
export interface ManageRow {
  id: string;
  name: string;
  hidden: boolean;
  /** 1: a second-level category. */
  level: 0 | 1;
  icon?: string;
  /** Accounts: type, balance, currency and group. */
  type?: string;
  balance?: string;
  currency?: string;
  group?: string;
  /** The ids of its level in order (what a reorder sends). */
  siblings: string[];
  /** A first-level category's children. */
  subIds: string[];
  /** A member that stands for a user of the book (cannot be deleted). */
  userMember?: boolean;
}

export function categoryRows(items: CategoryItem[]): ManageRow[] {
  const top = items.map((c) => c.id);
  return items.flatMap((c) => {
    const subs = c.sub_categories.map((s) => s.id);
    return [
      { id: c.id, name: c.name, hidden: c.hidden, level: 0 as const, icon: c.icon, siblings: top, subIds: subs },
      ...c.sub_categories.map((s) => ({
        id: s.id,
        name: s.name,
        hidden: s.hidden,
        level: 1 as const,
        icon: s.icon,
        siblings: subs,
        subIds: [],
      })),
    ];
  });
}

/** Accounts, in group order; all accounts of a book are one level. */
export function accountRows(groups: AccountGroup[]): ManageRow[] {
  const all = groups.flatMap((g) => g.accounts);
  const ids = all.map((a) => a.id);
  return all.map((a) => ({
    id: a.id,
    name: a.name,
    hidden: a.hidden,
    level: 0,
    type: a.type,
    balance: a.balance,
    currency: a.currency,
    group: a.group_name,
    siblings: ids,
    subIds: [],
  }));
}

export function labelRows(items: LabelItem[]): ManageRow[] {
  const ids = items.map((l) => l.id);
  return items.map((l) => ({
    id: l.id,
    name: l.name,
    hidden: l.hidden,
    level: 0,
    siblings: ids,
    subIds: [],
    userMember: l.user_id !== null,
  }));
}

/**
 * The new order of a row's level after moving it one place up (-1) or down (+1),
 * or undefined at the edge. Accounts move within their group.
 */
export function moved(rows: ManageRow[], row: ManageRow, step: -1 | 1): string[] | undefined {
  const order = [...row.siblings];
  const at = order.indexOf(row.id);
  const to = at + step;
  const neighbour = order[to];
  if (at < 0 || neighbour === undefined) return undefined;
  if (row.group !== undefined && rows.find((r) => r.id === neighbour)?.group !== row.group) return undefined;
  order[to] = row.id;
  order[at] = neighbour;
  return order;
}

/**
 * Where a deleted item's records may go (the server's rule): another item of the same
 * kind; for categories one of the same tree that is neither it nor one of its
 * children; for accounts one of the same currency; members, merchants and projects
 * may also go to none (the empty item).
 */
export function moveTargets(view: ManageView, rows: ManageRow[], row: ManageRow, none: string): Array<{ id: string; name: string }> {
  const others = rows.filter((r) => r.id !== row.id && !row.subIds.includes(r.id));
  if (view === 'expense' || view === 'income') {
    const parentName = (r: ManageRow) => (r.level === 1 ? rows.find((p) => p.level === 0 && p.subIds.includes(r.id))?.name : undefined);
    return others.map((r) => ({ id: r.id, name: parentName(r) ? `${parentName(r)} · ${r.name}` : r.name }));
  }
  if (view === 'accounts') return others.filter((r) => r.currency === row.currency).map((r) => ({ id: r.id, name: r.name }));
  return [{ id: EMPTY_ITEM_ID, name: none }, ...others.map((r) => ({ id: r.id, name: r.name }))];
}
