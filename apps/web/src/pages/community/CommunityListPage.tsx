import { FORUM_TABS, type ForumTab, type Thread } from '@cab/contracts/client';
import { MoreRows } from '../../app/MoreRows.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { communityPath, communityQueries, useCommunityBook } from '../../features/community/api.ts';
import { CommunityGlyph } from '../../features/community/components/glyphs.tsx';
import { NoBook } from '../../features/community/components/NoBook.tsx';
import { ThreadRow } from '../../features/community/components/ThreadRow.tsx';
import { isBookGone } from '../../features/books/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/community/community.css';
import '../../i18n/community.ts';

const isTab = (v: string | null): v is ForumTab => (FORUM_TABS as readonly string[]).includes(v ?? '');

/**
 * The book's community (SPEC 2, community/list): tabs for all threads (pinned first),
 * the notices and the official announcements, a page at a time as it scrolls; a thread
 * opens its detail; the floating button writes a new one.
 */
function CommunityList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const { bookId, bookParam, uid, params } = useCommunityBook();
  const tabParam = params.get('tab');
  const tab: ForumTab = isTab(tabParam) ? tabParam : 'top';
  const official = tab === 'official';
  const q = useInfiniteQuery({ ...communityQueries.threads(uid, bookId, tab), enabled: Boolean(bookId) || official });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];

  const setTab = (next: ForumTab) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (next === 'top') n.delete('tab');
        else n.set('tab', next);
        return n;
      },
      { replace: true },
    );
  const open = (th: Thread) => navigate(communityPath('detail', bookParam, { tid: th.tid, scene: th.scene }));

  // A book that is gone (or that the caller left) shows BookGone, and no post button: there is no community to write in.
  const gone = !official && q.isError && isBookGone(q.error);
  let body;
  if (!bookId && !official) body = <NoBook />;
  else if (q.isPending)
    body = (
      <div className="community-skeleton" data-testid="community-loading">
        {[0, 1, 2].map((i) => (
          <div key={i} style={{ marginBottom: 16 }}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  else if (q.isError) body = gone ? <BookGone bookId={bookId} /> : <LoadFailed full onRetry={q.refetch} />;
  else if (rows.length === 0)
    body = (
      <EmptyState
        kind="empty"
        full
        testId="community-empty"
        title={t(official ? 'community.emptyOfficial' : tab === 'notice' ? 'community.emptyNotice' : 'community.empty')}
        description={tab === 'notice' ? t('community.emptyNoticeHint') : undefined}
      />
    );
  else
    body = (
      <>
        <ul className="community-list" data-testid="community-threads">
          {rows.map((th) => (
            <ThreadRow key={th.tid} thread={th} onOpen={open} />
          ))}
        </ul>
        <MoreRows
          next={() => q.fetchNextPage()}
          hasMore={q.hasNextPage}
          testId="community-more"
          className="community-more"
          buttonClassName="community-text-button"
          texts={{ failed: t('community.retryLoad'), loading: t('community.loadingMore'), end: t('community.noMore') }}
        />
        {!official && <div className="community-fab-room" />}
      </>
    );

  return (
    <div className="page" data-testid="page-community-list">
      <PageBar title={t('community.title')} />
      <div className="community-tabs" role="tablist" aria-label={t('community.tabsLabel')}>
        {FORUM_TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={key === tab}
            className={key === tab ? 'community-tab active' : 'community-tab'}
            data-testid={`community-tab-${key}`}
            onClick={() => key !== tab && setTab(key)}
          >
            {t(`community.tabs.${key}`)}
          </button>
        ))}
      </div>
      {body}
      {bookId && !official && q.isSuccess && (
        <button
          type="button"
          className="community-fab"
          data-testid="community-post"
          onClick={() => navigate(communityPath('post', bookParam))}
        >
          <CommunityGlyph name="write" size={18} />
          {t('community.post')}
        </button>
      )}
    </div>
  );
}

export default function CommunityListPage() {
  return (
    <RequireLogin>
      <CommunityList />
    </RequireLogin>
  );
}
