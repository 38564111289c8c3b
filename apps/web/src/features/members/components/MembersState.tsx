import { Button, Skeleton } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { BookGone } from '../../../app/BookGone.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { isBookGone } from '../../books/queries.ts';
import type { MembersBook } from '../useMembersBook.ts';
import '../members.css';
import '../../../i18n/members.ts';

/**
 * What a members screen shows until its book and the caller's permissions are known:
 * no book open, a book that is gone, a failure, or a skeleton. Null once both are there.
 */
export function MembersState({ m }: { m: MembersBook }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!m.bookId)
    return (
      <EmptyState
        kind="empty"
        full
        title={t('members.noBook')}
        description={t('members.noBookHint')}
        action={
          <Button color="primary" onClick={() => navigate('/pages/book/index')}>
            {t('members.pickBook')}
          </Button>
        }
      />
    );
  if (m.book.isError) return isBookGone(m.book.error) ? <BookGone bookId={m.bookId} /> : <LoadFailed full onRetry={m.book.refetch} />;
  if (m.perms.isError) return <LoadFailed full onRetry={m.perms.refetch} />;
  if (m.book.isPending || m.perms.isPending) return <ListSkeleton />;
  return null;
}

export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="section padded" data-testid="members-loading">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

/** The caller's role may not see this screen. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <EmptyState kind="notFound" full testId="members-no-access" title={t('members.noAccess')} description={t('members.noAccessHint')} />
  );
}
