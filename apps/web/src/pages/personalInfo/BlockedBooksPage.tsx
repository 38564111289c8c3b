import type { BlockedBook } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { EmptyState } from '../../app/EmptyState.tsx';
import { useSubmitGuard } from '../../app/form.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { useAllowBook, useBlockedBooks } from '../../features/invitations/add-by-phone.ts';
import { formatInstant } from '../../features/invitations/labels.ts';
import { ListSkeleton } from '../../features/members/components/MembersState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/invitations/invitations.css';
import '../../i18n/invitations.ts';

function Row({ book }: { book: BlockedBook }) {
  const { t } = useTranslation();
  const allow = useAllowBook();
  const guard = useSubmitGuard();
  const onAllow = () =>
    guard(async () => {
      await allow.mutateAsync(book.book_id);
      showToast(t('invitations.blocked.allowed', { book: book.book_name }));
    });
  return (
    <li className="blocked-row" data-testid={`blocked-${book.book_id}`}>
      <div className="blocked-main">
        <div className="blocked-name">{book.book_name}</div>
        <div className="muted">{t('invitations.blocked.since', { date: formatInstant(book.blocked_at) })}</div>
      </div>
      <Button size="small" data-testid={`blocked-allow-${book.book_id}`} loading={allow.isPending} onClick={onAllow}>
        {t('invitations.blocked.allow')}
      </Button>
    </li>
  );
}

/**
 * The books the user stopped from adding them by phone (ours, docs/members.md, "Adding by
 * phone"; from personal info): each may be allowed to ask again.
 */
function BlockedBooks() {
  const { t } = useTranslation();
  const q = useBlockedBooks();
  const body = () => {
    if (q.isPending) return <ListSkeleton rows={3} />;
    if (q.isError) return <LoadFailed full onRetry={q.refetch} />;
    if (q.data.length === 0)
      return <EmptyState kind="empty" full title={t('invitations.blocked.empty')} description={t('invitations.blocked.emptyHint')} />;
    return (
      <>
        <p className="muted blocked-hint">{t('invitations.blocked.hint')}</p>
        <ul className="section blocked-list" data-testid="blocked-list">
          {q.data.map((b) => (
            <Row key={b.book_id} book={b} />
          ))}
        </ul>
      </>
    );
  };
  return (
    <div className="page" data-testid="page-blocked-books">
      <PageBar title={t('invitations.blocked.title')} />
      {body()}
    </div>
  );
}

export default function BlockedBooksPage() {
  return (
    <RequireLogin>
      <BlockedBooks />
    </RequireLogin>
  );
}
