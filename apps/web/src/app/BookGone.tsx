import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from '../lib/hash-router.tsx';
import { useTranslation } from '../i18n/index.ts';
import { useBookStore, useLeftBooks } from '../stores/book.ts';
import { EmptyState } from './EmptyState.tsx';

/**
 * A book page opened for a book that is not there (deleted, left, or never one of
 * this user's): say so and lead to the book list. A book the app had open until the
 * server refused it says "你已不在这个账本中". A current book that is gone stops being
 * current.
 */
export function BookGone({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Refused while open (features/books/left.ts): the caller was in it until now.
  const left = useLeftBooks((s) => Boolean(s.left[bookId]));
  useEffect(() => {
    if (useBookStore.getState().bookId === bookId) useBookStore.getState().clear();
  }, [bookId]);
  return (
    <EmptyState
      kind="notFound"
      full
      testId="book-gone"
      title={t(left ? 'books.left' : 'books.gone')}
      description={t(left ? 'books.leftHint' : 'books.goneHint')}
      action={
        <Button color="primary" data-testid="book-gone-list" onClick={() => navigate('/pages/book/index', { replace: true })}>
          {t('books.toMyBooks')}
        </Button>
      }
    />
  );
}
