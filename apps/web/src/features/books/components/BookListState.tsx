import type { Book } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import type { BookFilter } from '../useBookFilter.ts';

/**
 * What a book list says when it shows nothing: no books at all (with the way to add
 * one), none of the chosen kind, or none matching the search.
 */
export function BookListState({
  books,
  shown,
  filter,
  keyword,
  onAdd,
}: {
  books: Book[];
  shown: Book[];
  filter: BookFilter;
  keyword: string;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  if (shown.length > 0) return null;
  if (books.length === 0) {
    return (
      <EmptyState
        kind="empty"
        title={t('books.empty')}
        description={t('books.emptyHint')}
        action={
          <Button color="primary" size="small" onClick={onAdd}>
            {t('books.addFromTemplate')}
          </Button>
        }
      />
    );
  }
  if (keyword.trim()) return <EmptyState kind="noResults" title={t('books.noMatch', { keyword: keyword.trim() })} />;
  return filter === 'joined' ? (
    <EmptyState kind="empty" title={t('books.noJoined')} description={t('books.noJoinedHint')} />
  ) : (
    <EmptyState
      kind="empty"
      title={t('books.noOwned')}
      description={t('books.emptyHint')}
      action={
        <Button color="primary" size="small" onClick={onAdd}>
          {t('books.addFromTemplate')}
        </Button>
      }
    />
  );
}
