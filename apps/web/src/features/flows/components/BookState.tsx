import type { Book } from '@cab/contracts/client';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { BookGone } from '../../../app/BookGone.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { isBookGone } from '../../books/queries.ts';
import { FlowSkeleton } from './FlowSkeleton.tsx';
import '../../../i18n/flow.ts';

/** What a flow page shows until its book is there: no book open, a book that is gone, a failure, or loading. */
export function BookState({ bookId, book }: { bookId: string; book: UseQueryResult<Book> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!bookId)
    return (
      <EmptyState
        kind="empty"
        full
        title={t('flow.noBook')}
        description={t('flow.noBookHint')}
        action={
          <Button color="primary" onClick={() => navigate('/pages/book/index')}>
            {t('flow.pickBook')}
          </Button>
        }
      />
    );
  if (book.isError) return isBookGone(book.error) ? <BookGone bookId={bookId} /> : <LoadFailed full onRetry={book.refetch} />;
  return <FlowSkeleton />;
}
