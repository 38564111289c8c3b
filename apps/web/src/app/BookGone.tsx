import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { useBookStore } from '../stores/book.ts';
import { EmptyState } from './EmptyState.tsx';

/**
 * A book page opened for a book that is not there (deleted, left, or never one of
 * this user's): say so and lead to the book list. A current book that is gone stops
 * being current.
 */
export function BookGone({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (useBookStore.getState().bookId === bookId) useBookStore.getState().clear();
  }, [bookId]);
  return (
    <EmptyState
      kind="notFound"
      full
      testId="book-gone"
      title={t('books.gone')}
      description={t('books.goneHint')}
      action={
        <Button color="primary" data-testid="book-gone-list" onClick={() => navigate('/pages/book/index', { replace: true })}>
          {t('books.toMyBooks')}
        </Button>
      }
    />
  );
}
