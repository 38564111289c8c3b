import type { Book } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { usePreloadNext } from '../../app/preload.ts';
import { BookCard } from '../../features/books/components/BookCard.tsx';
import { BookFilterChips } from '../../features/books/components/BookFilterChips.tsx';
import { BookIcon } from '../../features/books/components/BookIcon.tsx';
import { BookListState } from '../../features/books/components/BookListState.tsx';
import { BookActions, TemplatePopup, usePrefetchBookPopups } from '../../features/books/components/lazy.tsx';
import { HomeWelcome, InfoFlow, usePrefetchInfoFlow } from '../../features/content/components/home-lazy.tsx';
import { useOpenBook } from '../../features/books/mutations.ts';
import { useBooks, useRecentBooks } from '../../features/books/queries.ts';
import { useBookFilter } from '../../features/books/useBookFilter.ts';
import { InvitePopup, PendingPrompts } from '../../features/invitations/components/lazy.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { whenSettled } from '../../lib/idle.ts';
import { useBookStore } from '../../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const books = useBooks();
  const recent = useRecentBooks();
  const open = useOpenBook();
  const current = useBookStore((s) => s.bookId);
  const { filter, setFilter, shown } = useBookFilter(books.data);
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<Book>();
  const [inviting, setInviting] = useState<Book>();
  // The books and the recent row are drawn together, once both have answered (they are asked for
  // side by side): a row arriving after the list would push the list down (docs/performance.md).
  const drawn = !loggedIn || (!books.isPending && !recent.isPending);
  // Home preloads the dashboard (SPEC 2), once home is drawn and the user starts doing something (or a quiet while later).
  const preloadNext = usePreloadNext();
  useEffect(() => {
    if (drawn) whenSettled(preloadNext);
  }, [drawn, preloadNext]);
  usePrefetchBookPopups(drawn);
  usePrefetchInfoFlow();

  if (!loggedIn) {
    // Logged out, the books wait for a login; the info flow is open to everyone (SPEC 1).
    return (
      <div className="page" data-testid="page-home">
        <EmptyState
          kind="loggedOut"
          title={t('books.loginPrompt')}
          description={t('books.loginHint')}
          action={
            <Button color="primary" data-testid="home-login" onClick={() => navigate('/accountLogin/index')}>
              {t('mine.login')}
            </Button>
          }
        />
        <div className="section-title">{t('books.infoFlow')}</div>
        <InfoFlow />
      </div>
    );
  }
  return (
    <div className="page" data-testid="page-home">
      <div className="search-row">
        {/* One keyword over everything: the search page has its own code, loaded when opened. */}
        <button type="button" className="search-entry" data-testid="home-search" onClick={() => navigate('/search/pages/global-search')}>
          <Icon name="search" />
          <span>{t('books.searchEverything')}</span>
        </button>
      </div>
      {/* What waits for the user (additions, applications, approvals): its own chunk, after the list. */}
      {drawn && <PendingPrompts />}
      {!drawn && (
        <div className="padded" data-testid="home-books-loading">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      )}
      {drawn && (recent.data?.length ?? 0) > 0 && (
        <>
          <div className="section-title">{t('books.recent')}</div>
          <div className="recent-row" data-testid="recent-books">
            {recent.data?.map((b) => (
              <div key={b.id} className="recent-item" data-testid={`recent-${b.id}`} onClick={() => open.mutate(b.id)}>
                <div className="book-cover small" style={{ backgroundImage: `url(${b.cover})`, height: 48 }}>
                  <BookIcon icon={b.icon} size={18} />
                </div>
                <div className="book-name" title={b.name}>
                  {b.name}
                </div>
              </div>
            ))}
          </div>
        </>
      )}
      {drawn && (
        <>
          <BookFilterChips value={filter} onChange={setFilter} />
          <div className="section-title">
            <span>{t('tabs.book')}</span>
            <Button size="mini" color="primary" fill="outline" data-testid="home-add-book" onClick={() => setAdding(true)}>
              {t('books.add')}
            </Button>
          </div>
          {books.isError && <LoadFailed onRetry={books.refetch} />}
          {books.isSuccess && <BookListState books={books.data} shown={shown} filter={filter} keyword="" onAdd={() => setAdding(true)} />}
          <div data-testid="home-books">
            {shown.map((b) => (
              <BookCard key={b.id} book={b} current={b.id === current} onOpen={(x) => open.mutate(x.id)} onMore={setActing} />
            ))}
          </div>
          <div className="section-title">{t('books.infoFlow')}</div>
          {/* The info flow is its own chunk, drawn after the books so they come first. */}
          <InfoFlow />
        </>
      )}
      {/* The home popup (once per user), once the page has settled. */}
      <HomeWelcome ready={drawn} />
      <TemplatePopup visible={adding} onClose={() => setAdding(false)} />
      <BookActions book={acting} onClose={() => setActing(undefined)} onInvite={setInviting} />
      <InvitePopup book={inviting} onClose={() => setInviting(undefined)} />
    </div>
  );
}
