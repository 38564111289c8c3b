import type { CategoryItem, ImportNameKind, TradeType } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { accountingQueries, flatAccounts } from '../accounting/queries.ts';

/** A dimension of the book a name may become: its id and the name shown ("餐饮/午餐" for a subcategory). */
export interface BookItem {
  id: string;
  name: string;
}

/** A category tree flat: each first-level category, then its subcategories as "parent/child". */
export function flatCategories(list: readonly CategoryItem[]): BookItem[] {
  return list.flatMap((c) => [{ id: c.id, name: c.name }, ...c.sub_categories.map((s) => ({ id: s.id, name: `${c.name}/${s.name}` }))]);
}

/**
 * The book's dimensions of a kind (categories of one tree), as the accounting area lists
 * them for recording (its queries, so they are shared with its pickers). Asked only once a
 * picker of that kind opens.
 */
export function useBookItems(bookId: string, kind: ImportNameKind, trade: TradeType | null, enabled: boolean) {
  const on = (k: ImportNameKind) => enabled && Boolean(bookId) && kind === k;
  const categories = useQuery({ ...accountingQueries.categories(bookId, trade ?? 'Expense'), enabled: on('category') });
  const accounts = useQuery({ ...accountingQueries.accounts(bookId), enabled: on('account') });
  const members = useQuery({ ...accountingQueries.labels(bookId, 'members'), enabled: on('member') });
  const merchants = useQuery({ ...accountingQueries.labels(bookId, 'merchants'), enabled: on('merchant') });
  const projects = useQuery({ ...accountingQueries.labels(bookId, 'projects'), enabled: on('project') });
  const labels = kind === 'member' ? members : kind === 'merchant' ? merchants : projects;
  if (kind === 'category') {
    const { data, isPending, isError, refetch } = categories;
    return { items: data && flatCategories(data), isPending, isError, refetch };
  }
  if (kind === 'account') {
    const { data, isPending, isError, refetch } = accounts;
    return { items: data && flatAccounts(data).map((a) => ({ id: a.id, name: a.name })), isPending, isError, refetch };
  }
  const { data, isPending, isError, refetch } = labels;
  return { items: data?.map((l) => ({ id: l.id, name: l.name })), isPending, isError, refetch };
}
