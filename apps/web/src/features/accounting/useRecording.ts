import type { LabelKind, RecordTab, TradeType } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/index.ts';
import { LABEL_FIELDS, LABEL_KIND, defaultsFor, type LabelField, type PickField, type Selection } from './form.ts';
import { accountTree, categoryTree, labelTree, type PickerNode } from './picker-tree.ts';
import { accountingQueries, flatAccounts } from './queries.ts';
import '../../i18n/accounting.ts';

export const tradeTypeOf = (tab: RecordTab): TradeType => (tab === 'Income' ? 'Income' : 'Expense');

function useLabels(bookId: string, kind: LabelKind, type: TradeType) {
  const list = useQuery({ ...accountingQueries.labels(bookId, kind), enabled: Boolean(bookId) });
  // What this type of record used last: an expense never starts from an income's member (SPEC 3, per type).
  const recent = useQuery({ ...accountingQueries.recent(bookId, kind, type), enabled: Boolean(bookId) });
  return { list, recent };
}

export interface PickerSource {
  tree: PickerNode[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * What the form picks from, for the tab shown: the category tree of its trade type,
 * the accounts, members, merchants and projects, each with its recently used items,
 * and the defaults they give (SPEC 3). A recently used list that fails to load only
 * means no recent items.
 */
export function useRecording(bookId: string, tab: RecordTab) {
  const { t } = useTranslation();
  const type = tradeTypeOf(tab);
  const on = Boolean(bookId);
  const categories = useQuery({ ...accountingQueries.categories(bookId, type), enabled: on });
  const recentCategories = useQuery({ ...accountingQueries.recent(bookId, 'categories', type), enabled: on });
  const accounts = useQuery({ ...accountingQueries.accounts(bookId), enabled: on });
  const recentAccounts = useQuery({ ...accountingQueries.recent(bookId, 'accounts', type), enabled: on });
  const member = useLabels(bookId, 'members', type);
  const merchant = useLabels(bookId, 'merchants', type);
  const project = useLabels(bookId, 'projects', type);
  const labels = { member, merchant, project };
  // Built on every render: a few hundred items at most, cheaper than keeping them in step.
  const names = { recent: t('accounting.recent'), all: t('accounting.all') };
  const trees: Partial<Record<'category' | 'account' | LabelField, PickerNode[]>> = {};
  if (categories.data) trees.category = categoryTree(categories.data, recentCategories.data ?? [], names);
  if (accounts.data) trees.account = accountTree(accounts.data, recentAccounts.data ?? [], names);
  for (const f of LABEL_FIELDS) {
    const l = labels[f];
    if (l.list.data) trees[f] = labelTree(l.list.data, l.recent.data ?? [], { ...names, none: t(`accounting.none.${f}`) });
  }

  const flat = flatAccounts(accounts.data);
  // Defaults wait for the recently used lists (or their failure), so they do not change under the user's eyes.
  const settled = (q: { isPending: boolean }) => !q.isPending;
  const ready =
    settled(categories) &&
    settled(accounts) &&
    settled(recentCategories) &&
    settled(recentAccounts) &&
    LABEL_FIELDS.every((f) => settled(labels[f].list) && settled(labels[f].recent));
  const defaults: Selection = ready
    ? defaultsFor(tab, {
        categories: categories.data,
        accounts: flat,
        labels: { member: member.list.data, merchant: merchant.list.data, project: project.list.data },
        recent: {
          categories: recentCategories.data,
          accounts: recentAccounts.data,
          member: member.recent.data,
          merchant: merchant.recent.data,
          project: project.recent.data,
        },
      })
    : {};

  const source = (field: PickField): PickerSource => {
    const key = field === 'from' || field === 'to' ? 'account' : field;
    const q = key === 'category' ? categories : key === 'account' ? accounts : labels[key].list;
    return { tree: trees[key], loading: q.isPending, failed: q.isError, retry: () => void q.refetch() };
  };

  return {
    type,
    defaults,
    ready,
    /** The form cannot be drawn without these two. */
    failed: categories.isError || accounts.isError,
    retry: () => {
      void categories.refetch();
      void accounts.refetch();
    },
    accounts: flat,
    source,
    labelKind: (f: LabelField) => LABEL_KIND[f],
  };
}
