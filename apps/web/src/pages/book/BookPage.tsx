import type { Book } from '@cab/contracts/client';
import { Button, SearchBar, Skeleton, Tabs } from 'antd-mobile';
import { ErrorBlock } from '../../app/ErrorBlock.tsx';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from 'react-router';
import { BookActions, TemplatePopup, usePrefetchBookPopups } from '../../features/books/components/lazy.tsx';
import { BookCard } from '../../features/books/components/BookCard.tsx';
import { useOpenBook } from '../../features/books/mutations.ts';
import { useBooks } from '../../features/books/queries.ts';
import { useBookFilter, type BookFilter } from '../../features/books/useBookFilter.ts';
import { useBookStore } from '../../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { LoadFailed } from '../../app/LoadFailed.tsx';

/** My books: search, owned/joined tabs, the book menu, go to accounting, add from template. */
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
  usePrefetchBookPopups(!loggedIn || !books.isPending);

  if (!loggedIn) {
    return (
      <div className="page" data-testid="page-book">
        <ErrorBlock status="empty" title={t('books.loginPrompt')} description={<Button color="primary" size="small" data-testid="book-login" onClick={() => navigate('/accountLogin/index')}>{t('mine.login')}</Button>} />
      </div>
    );
  }
  return (
    <div className="page" data-testid="page-book">
      <div className="search-row"><SearchBar placeholder={t('books.search')} value={keyword} onChange={setKeyword} /></div>
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as BookFilter)}>
        <Tabs.Tab key="all" title={t('books.all')} />
        <Tabs.Tab key="owned" title={<span data-testid="tab-owned">{t('books.owned')}</span>} />
        <Tabs.Tab key="joined" title={t('books.joined')} />
      </Tabs>
      {books.isPending && <div className="padded"><Skeleton.Paragraph lineCount={5} animated /></div>}
      {books.isError && <LoadFailed onRetry={books.refetch} />}
      {books.isSuccess && shown.length === 0 && <ErrorBlock status="empty" title={books.data.length ? t('books.noMatch') : t('books.empty')} description={books.data.length ? '' : t('books.emptyHint')} />}
      <div data-testid="my-books">
        {shown.map((b) => <BookCard key={b.id} book={b} current={b.id === current} onOpen={(x) => open.mutate(x.id)} onMore={setActing} />)}
      </div>
      <div className="padded" style={{ display: 'flex', gap: 12 }}>
        <Button block color="primary" fill="outline" data-testid="book-add" onClick={() => setAdding(true)}>{t('books.addFromTemplate')}</Button>
        {current && <Button block color="primary" onClick={() => navigate('/subPackages/accounting/index')}>{t('books.goAccounting')}</Button>}
      </div>
      <TemplatePopup visible={adding} onClose={() => setAdding(false)} />
      <BookActions book={acting} onClose={() => setActing(undefined)} />
    </div>
  );
}
