import { Button, Skeleton } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { BookGone } from '../../../app/BookGone.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { isBookGone } from '../../books/queries.ts';
import type { BudgetBook } from '../useBudgetBook.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * What a budget screen shows until its book and the caller's choice are known: no book
 * open, a book that is gone, a failure, or a skeleton. Null once both are there.
 */
export function BudgetState({ b }: { b: BudgetBook }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!b.bookId)
    return (
      <EmptyState
        kind="empty"
        full
        testId="budget-no-book"
        title={t('budgets.noBook')}
        description={t('budgets.noBookHint')}
        action={
          <Button color="primary" onClick={() => navigate('/pages/book/index')}>
            {t('budgets.pickBook')}
          </Button>
        }
      />
    );
  if (b.book.isError) return isBookGone(b.book.error) ? <BookGone bookId={b.bookId} /> : <LoadFailed full onRetry={b.book.refetch} />;
  if (b.book.isPending || b.choicePending) return <BudgetSkeleton />;
  return null;
}

/** The shape of what is coming: the total card and a few rows. */
export function BudgetSkeleton() {
  return (
    <div data-testid="budget-loading">
      <div className="section padded">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
      <div className="section padded">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </div>
  );
}
