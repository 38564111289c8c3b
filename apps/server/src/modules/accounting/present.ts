import { minorToMoney, type AccountGroup, type AccountItem, type CategoryItem, type LabelItem } from '@cab/contracts';
import type { AccountRow, CategoryRow, LabelRow } from './dimensions.repository.ts';

export function presentCategory(row: CategoryRow, subs: CategoryItem[] = []): CategoryItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    icon: row.icon,
    hidden: row.hidden,
    parent_id: row.parent_id,
    sort: row.sort,
    sub_categories: subs,
  };
}

/** First-level categories with their subcategories (WIRE A: sub_categories), in sort order. */
export function categoryTree(rows: CategoryRow[]): CategoryItem[] {
  const children = new Map<string, CategoryItem[]>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(presentCategory(r));
    children.set(r.parent_id, list);
  }
  return rows.filter((r) => r.parent_id === null).map((r) => presentCategory(r, children.get(r.id) ?? []));
}

export function presentAccount(row: AccountRow): AccountItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    balance: minorToMoney(row.balance_minor),
    currency: row.currency,
    group_name: row.group_name,
    hidden: row.hidden,
    sort: row.sort,
  };
}

/** Accounts grouped by their group name, groups in the order of their first account (WIRE A). */
export function accountGroups(rows: AccountRow[]): AccountGroup[] {
  const groups = new Map<string, AccountItem[]>();
  for (const r of rows) {
    const list = groups.get(r.group_name) ?? [];
    list.push(presentAccount(r));
    groups.set(r.group_name, list);
  }
  return [...groups].map(([name, accounts]) => ({ name, accounts }));
}

export function presentLabel(row: LabelRow): LabelItem {
  return { id: row.id, name: row.name, hidden: row.hidden, sort: row.sort, user_id: row.user_id };
}
