import type { Book } from '@cab/contracts/client';
import { Skeleton } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { BookIcon } from '../../books/components/BookIcon.tsx';
import { useOpenBook } from '../../books/mutations.ts';
import { useBooks } from '../../books/queries.ts';

/** The books a keyword names (in their name or remark), as the book lists match them. */
export function matchBooks(books: readonly Book[], keyword: string): Book[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  return books.filter((b) => b.name.toLowerCase().includes(k) || b.remark.toLowerCase().includes(k));
}

/** My books that match a keyword; a tap opens the book (SPEC 4) and its dashboard. */
export function BookHits({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const books = useBooks();
  const open = useOpenBook();
  const hits = books.data ? matchBooks(books.data, keyword) : [];
  return (
    <section className="search-section" data-testid="search-book-hits" aria-labelledby="search-books-title">
      <div className="search-block-head">
        <h2 id="search-books-title">{t('flowSearch.books')}</h2>
      </div>
      {books.isPending ? (
        <div className="search-tags-loading">
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ) : books.isError ? (
        <LoadFailed onRetry={books.refetch} />
      ) : !hits.length ? (
        <EmptyState kind="noResults" testId="search-no-books" title={t('flowSearch.noBooks', { keyword: keyword.trim() })} />
      ) : (
        <div className="search-card">
          {hits.map((b) => (
            <button
              key={b.id}
              type="button"
              className="search-book-row"
              data-testid={`search-book-${b.id}`}
              disabled={open.isPending}
              onClick={() => open.mutate(b.id)}
            >
              <span className="search-book-cover" style={{ backgroundImage: `url(${b.cover || '/static/covers/cover-1.svg'})` }}>
                <BookIcon icon={b.icon} size={16} />
              </span>
              <span className="search-book-main">
                <span className="search-book-name">{b.name}</span>
                {b.remark && <span className="search-book-remark">{b.remark}</span>}
              </span>
              <span className="search-book-meta">{t('books.members', { count: b.member_count })}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
