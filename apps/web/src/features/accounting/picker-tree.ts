import {
  EMPTY_ITEM_ID,
  RECENT_USE_ID,
  ROOT_ALL_ID,
  type AccountGroup,
  type AccountItem,
  type CategoryItem,
  type LabelItem,
} from '@cab/contracts/client';

/**
 * The pickers' trees (SPEC 3): a node has an id, a name, its children (`subs`:
 * sub_categories renamed; accounts' `accounts` renamed), hidden and an icon. Two
 * special nodes head every tree: recently used (id -1, only when there is any) and
 * the root 'all' (id 1) holding the items; members, merchants and projects also get
 * the empty item (id 0), the 'none' entry (无成员 / 无商家 / 无项目, SPEC 5), so an
 * empty list still offers it. Real ids start above 100, so they never meet these.
 */
export interface PickerNode {
  id: string;
  name: string;
  icon?: string;
  hidden?: boolean;
  /** An account's balance and currency. */
  balance?: string;
  currency?: string;
  /** An account's type, which gives its icon. */
  type?: string;
  /** The first-level name of a second-level category ("餐饮" for 午餐). */
  parentName?: string;
  subs: PickerNode[];
}

export interface TreeLabels {
  recent: string;
  all: string;
  /** The 'none' entry's name; only members, merchants and projects have one. */
  none?: string;
}

const categoryNode = (c: CategoryItem, parentName?: string): PickerNode => ({
  id: c.id,
  name: c.name,
  icon: c.icon,
  hidden: c.hidden,
  ...(parentName ? { parentName } : {}),
  subs: c.sub_categories.map((s) => categoryNode(s, c.name)),
});

const accountNode = (a: AccountItem): PickerNode => ({
  id: a.id,
  name: a.name,
  hidden: a.hidden,
  balance: a.balance,
  currency: a.currency,
  type: a.type,
  subs: [],
});

const labelNode = (l: LabelItem): PickerNode => ({ id: l.id, name: l.name, hidden: l.hidden, subs: [] });

function withSpecials(items: PickerNode[], recent: PickerNode[], labels: TreeLabels): PickerNode[] {
  const tree: PickerNode[] = [];
  if (recent.length) tree.push({ id: RECENT_USE_ID, name: labels.recent, subs: recent });
  const empty = labels.none === undefined ? [] : [{ id: EMPTY_ITEM_ID, name: labels.none, subs: [] }];
  tree.push({ id: ROOT_ALL_ID, name: labels.all, subs: [...empty, ...items] });
  return tree;
}

/**
 * Recently used items the picker still offers: the same node as in the tree (with
 * its parent's name), in the recent list's order; items gone or hidden since are left out.
 */
function recentNodes(ids: string[], leaves: PickerNode[]): PickerNode[] {
  const byId = new Map(leaves.map((n) => [n.id, n]));
  const out: PickerNode[] = [];
  for (const id of ids) {
    const n = byId.get(id);
    if (n && !n.hidden && !out.includes(n)) out.push(n);
  }
  return out;
}

/** Two levels: first-level categories under the root, each with its second level. */
export function categoryTree(items: CategoryItem[], recent: CategoryItem[], labels: TreeLabels): PickerNode[] {
  const nodes = items.map((c) => categoryNode(c));
  return withSpecials(
    nodes,
    recentNodes(
      recent.map((r) => r.id),
      selectable(nodes),
    ),
    { recent: labels.recent, all: labels.all },
  );
}

/** Account groups under the root, each with its accounts. */
export function accountTree(groups: AccountGroup[], recent: AccountItem[], labels: TreeLabels): PickerNode[] {
  const nodes = groups.map((g) => ({ id: `group:${g.name}`, name: g.name, subs: g.accounts.map(accountNode) }));
  return withSpecials(
    nodes,
    recentNodes(
      recent.map((r) => r.id),
      nodes.flatMap((g) => g.subs),
    ),
    { recent: labels.recent, all: labels.all },
  );
}

/** Members, merchants or projects: the 'none' entry, then the items. */
export function labelTree(items: LabelItem[], recent: LabelItem[], labels: TreeLabels & { none: string }): PickerNode[] {
  const nodes = items.map(labelNode);
  return withSpecials(
    nodes,
    recentNodes(
      recent.map((r) => r.id),
      nodes,
    ),
    labels,
  );
}

/**
 * What can be picked from a list of nodes: a category with a second level is picked
 * through its children; one without, itself. Account groups likewise hold their accounts.
 */
export function selectable(nodes: PickerNode[]): PickerNode[] {
  return nodes.flatMap((n) => (n.subs.length ? n.subs : [n]));
}

/** Every item of a tree once, for searching: the root's items, without the special nodes' copies. */
export function searchable(tree: PickerNode[]): PickerNode[] {
  const root = tree.find((n) => n.id === ROOT_ALL_ID);
  return root ? selectable(root.subs) : [];
}

/** Items whose name (or first-level name) contains the keyword, ignoring case and surrounding spaces. */
export function filterNodes(nodes: PickerNode[], keyword: string): PickerNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes.filter((n) => n.name.toLowerCase().includes(k) || (n.parentName?.toLowerCase().includes(k) ?? false));
}

/** A run of items under a heading ('' for none); `recent` marks the recently used copies. */
export interface PickerSection {
  id: string;
  title: string;
  nodes: PickerNode[];
  recent?: boolean;
}

/**
 * What both styles show, in order: recently used, then the root's items: its leaves
 * (a heading only when there are no groups), then each group (a first-level category
 * or an account group) with its children. Undefined when the root offers nothing.
 */
export function pickerSections(tree: PickerNode[]): PickerSection[] | undefined {
  const out: PickerSection[] = [];
  for (const top of tree) {
    if (top.id === RECENT_USE_ID) {
      out.push({ id: 'recent', title: top.name, nodes: top.subs, recent: true });
      continue;
    }
    const leaves = top.subs.filter((n) => !n.subs.length);
    const groups = top.subs.filter((n) => n.subs.length);
    if (!leaves.length && !groups.length) return undefined;
    if (leaves.length) out.push({ id: 'all', title: groups.length ? '' : top.name, nodes: leaves });
    for (const g of groups) out.push({ id: g.id, title: g.name, nodes: g.subs });
  }
  return out;
}

/** A left-hand entry of the list style's two-column category picker, with what it offers on the right. */
export interface CategoryColumn {
  id: string;
  name: string;
  icon?: string;
  items: PickerNode[];
  recent?: boolean;
}

/**
 * The list style's categories: the first level on the left (recently used first, when
 * any) and, on the right, the chosen entry's second level; a first level without one
 * offers itself, as it is picked itself.
 */
export function categoryColumns(tree: PickerNode[]): CategoryColumn[] {
  const out: CategoryColumn[] = [];
  for (const top of tree) {
    if (top.id === RECENT_USE_ID) out.push({ id: RECENT_USE_ID, name: top.name, items: top.subs, recent: true });
    else
      for (const c of top.subs)
        out.push({ id: c.id, name: c.name, ...(c.icon ? { icon: c.icon } : {}), items: c.subs.length ? c.subs : [c] });
  }
  return out;
}

/** The column to open on: the first level holding the chosen item, else the first one (recently used, when any). */
export function openColumn(columns: CategoryColumn[], selectedId: string | undefined): string | undefined {
  const holding = selectedId ? columns.find((c) => !c.recent && c.items.some((n) => n.id === selectedId)) : undefined;
  return (holding ?? columns[0])?.id;
}
