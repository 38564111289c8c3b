import { Permission } from '@cab/contracts/client';
import { MoreRows } from '../../app/MoreRows.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { ZoneNote } from '../../app/ZoneNote.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { activityText } from '../../features/members/activity.ts';
import { memberQueries } from '../../features/members/api.ts';
import { Avatar } from '../../features/members/components/Avatar.tsx';
import { ListSkeleton, MembersState, NoAccess } from '../../features/members/components/MembersState.tsx';
import { formatDateTime } from '../../features/members/format.ts';
import { useMembersBook } from '../../features/members/useMembersBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/members.ts';

/**
 * The book's activity log (ours, docs/members.md; `bookId`): who changed what, newest
 * first, the next page loading as the end scrolls into view. Those holding 11.
 */
function Activities() {
  const { t } = useTranslation();
  const m = useMembersBook();
  const { bookId, perms } = m;
  // One clock per book: who changed what, at the book's time.
  const zone = m.book.data?.time_zone;
  const ready = Boolean(m.book.data && perms.data);
  const allowed = perms.allowed(Permission.SENSITIVE);
  const q = useInfiniteQuery({ ...memberQueries.activities(bookId), enabled: ready && allowed });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];

  const body = () => {
    if (!allowed) return <NoAccess />;
    if (q.isPending) return <ListSkeleton rows={8} />;
    if (q.isError) return <LoadFailed full onRetry={q.refetch} />;
    if (rows.length === 0)
      return <EmptyState kind="empty" full title={t('members.activity.empty')} description={t('members.activity.emptyHint')} />;
    return (
      <>
        <ZoneNote timeZone={zone} />
        <div className="section" data-testid="activity-list">
          {rows.map((a) => (
            <div key={a.id} className="activity-row" data-testid={`activity-${a.id}`}>
              <Avatar url={a.user?.avatar_url ?? ''} size={32} />
              <div className="member-main">
                <div className="activity-text" data-testid="activity-text">
                  {activityText(a)}
                </div>
                <div className="member-sub">{formatDateTime(a.at, zone)}</div>
              </div>
            </div>
          ))}
        </div>
        <MoreRows
          next={() => q.fetchNextPage()}
          hasMore={q.hasNextPage}
          testId="activity-more"
          className="activity-more"
          texts={{ failed: t('members.retryLoad'), loading: t('members.activity.loadingMore'), end: t('members.activity.noMore') }}
        />
      </>
    );
  };

  return (
    <div className="page" data-testid="page-activity">
      <PageBar title={t('members.activity.title')} />
      <MembersState m={m} />
      {ready && body()}
    </div>
  );
}

export default function ActivityPage() {
  return (
    <RequireLogin>
      <Activities />
    </RequireLogin>
  );
}
