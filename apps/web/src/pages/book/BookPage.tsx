import { STATISTICS_LIMITS, stripControlChars, type Book } from '@cab/contracts/client';
import { Button, SearchBar, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { clip } from '../../app/form.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { BookCard } from '../../features/books/components/BookCard.tsx';
import { BookFilterChips } from '../../features/books/components/BookFilterChips.tsx';
import { BookListState } from '../../features/books/components/BookListState.tsx';
import { BookActions, TemplatePopup, usePrefetchBookPopups } from '../../features/books/components/lazy.tsx';
import { useOpenBook } from '../../features/books/mutations.ts';
import { useBooks } from '../../features/books/queries.ts';
import { useBookFilter } from '../../features/books/useBookFilter.ts';
import { InvitePopup } from '../../features/invitations/components/lazy.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useBookStore } from '../../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/** My books: search, owned/joined filter, the book menu, go to accounting, add from template. */
export default function BookPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const books = useBooks();
  const open = useOpenBook(true);
  const current = useBookStore((s) => s.bookId);
  const { keyword, setKeyword, filter, setFilter, shown } = useBookFilter(books.data);
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<Book>();
  const [inviting, setInviting] = useState<Book>();
  usePrefetchBookPopups(!loggedIn || !books.isPending);
  // The books filter here as typed; the flows of every book are searched on their own page.
  const searchFlows = (k: string) =>
    navigate(`/search/pages/my-book-search?keyword=${encodeURIComponent(clip(STATISTICS_LIMITS.keywordMax)(stripControlChars(k.trim())))}`);

  if (!loggedIn) {
    return (
      <div className="page" data-testid="page-book">
        <EmptyState
          kind="loggedOut"
          full
          title={t('books.loginPrompt')}
          description={t('books.loginHint')}
          action={
            <Button color="primary" data-testid="book-login" onClick={() => navigate('/accountLogin/index')}>
              {t('mine.login')}
            </Button>
          }
        />
      </div>
    );
  }
  const hasCurrent = Boolean(current && books.data?.some((b) => b.id === current));
  return (
    <div className="page" data-testid="page-book">
      <div className="search-row">
        <SearchBar
          placeholder={t('books.search')}
          value={keyword}
          onChange={setKeyword}
          // antd-mobile's clear icon is a labelled <div> (axe: a prohibited aria-label); its cancel button is a real button that clears.
          clearable={false}
          showCancelButton={(_focus, value) => value.length > 0}
          onCancel={() => setKeyword('')}
          // The keyboard's search key looks further: the flows of every book.
          onSearch={(k) => k.trim() && searchFlows(k)}
        />
      </div>
      {keyword.trim() && (
        <button
          type="button"
          className="search-entry search-all-books"
          data-testid="book-search-flows"
          onClick={() => searchFlows(keyword)}
        >
          <Icon name="search" />
          <span>{t('books.searchAllFor', { keyword: keyword.trim() })}</span>
        </button>
      )}
      <BookFilterChips value={filter} onChange={setFilter} />
      {books.isPending && (
        <div className="padded">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      )}
      {books.isError && <LoadFailed onRetry={books.refetch} />}
      {books.isSuccess && (
        <BookListState books={books.data} shown={shown} filter={filter} keyword={keyword} onAdd={() => setAdding(true)} />
      )}
      <div data-testid="my-books">
        {shown.map((b) => (
          <BookCard key={b.id} book={b} current={b.id === current} onOpen={(x) => open.mutate(x.id)} onMore={setActing} />
        ))}
      </div>
      {books.isSuccess && books.data.length > 0 && (
        <div className="padded" style={{ display: 'flex', gap: 12 }}>
          <Button block color="primary" fill="outline" data-testid="book-add" onClick={() => setAdding(true)}>
            {t('books.addFromTemplate')}
          </Button>
          {hasCurrent && (
            <Button block color="primary" data-testid="book-go-accounting" onClick={() => navigate('/subPackages/accounting/index')}>
              {t('books.goAccounting')}
            </Button>
          )}
        </div>
      )}
      <TemplatePopup visible={adding} onClose={() => setAdding(false)} />
      <BookActions book={acting} onClose={() => setActing(undefined)} onInvite={setInviting} />
      <InvitePopup book={inviting} onClose={() => setInviting(undefined)} />
    </div>
  );
}
