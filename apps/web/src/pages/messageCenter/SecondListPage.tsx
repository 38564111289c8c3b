import type { MessageItem } from '@cab/contracts/client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { InfiniteScroll, SwipeAction } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { ZoneNote } from '../../app/ZoneNote.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { useBookZones } from '../../features/books/clock.ts';
import { formatDateTime } from '../../features/members/format.ts';
import { ask, isMessageId, messageQueries, useMessageAction, useMessageUser, useRefetchOnUnread } from '../../features/messages/api.ts';
import { useTranslation } from '../../i18n/index.ts';
import { ListSkeleton } from '../../features/messages/ListSkeleton.tsx';
import '../../features/messages/messages.css';
import '../../i18n/messages.ts';

/** One message; `zone` is its book's (one clock per book), undefined for those about the caller alone. */
function MessageRow({ m, zone }: { m: MessageItem; zone: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useMessageAction();
  const unread = m.msg_state === 'unread';
  return (
    <li data-testid={`message-${m.msg_id}`} data-state={m.msg_state} data-last={m.lastOne ? 'true' : undefined}>
      <SwipeAction
        rightActions={[
          {
            key: 'delete',
            color: 'danger',
            text: <span data-testid={`message-delete-${m.msg_id}`}>{t('messages.delete')}</span>,
            onClick: () =>
              void ask()
                .then((m) => m.confirmDestructive(t('messages.deleteOneConfirm'), t('messages.delete')))
                .then(
                  (yes) =>
                    yes && action.mutate({ kind: 'deleteOne', msgId: m.msg_id }, { onSuccess: () => showToast(t('messages.deleted')) }),
                ),
          },
        ]}
      >
        <button
          type="button"
          className={unread ? 'msg-row unread' : 'msg-row'}
          data-testid={`message-open-${m.msg_id}`}
          onClick={() => navigate(`/messageCenter/messageDetail?msg_id=${m.msg_id}`)}
        >
          <span className="msg-row-body">
            <span className="msg-row-head">
              <span className="msg-row-name">
                {unread && <span className="sr-only">{t('messages.unread')}</span>}
                {m.title}
              </span>
              <span className="msg-row-time">{formatDateTime(m.created_at, zone)}</span>
            </span>
            <span className="msg-row-text">{m.body}</span>
          </span>
        </button>
      </SwipeAction>
    </li>
  );
}

/**
 * One book's messages (SPEC 2, messageCenter/secondList?account_book_id=): newest first,
 * a page appended as the end comes into view (SPEC 4); the last of all (lastOne) ends the list.
 */
function SecondList() {
  const { t } = useTranslation();
  const { uid } = useMessageUser();
  const [params] = useSearchParams();
  const asked = params.get('account_book_id');
  // '0' (or none) is the row of messages about the caller alone, which the server lists under '0'.
  const bookId = isMessageId(asked) ? asked : '0';
  const q = useInfiniteQuery(messageQueries.list(uid, bookId));
  const books = useQuery(messageQueries.books(uid));
  const zone = useBookZones()(bookId === '0' ? null : bookId);
  useRefetchOnUnread();
  const all = q.data?.pages.flatMap((p) => p.data) ?? [];
  const name = bookId !== '0' ? books.data?.find((b) => b.book_id === bookId)?.book_name : t('messages.personal');
  const ended = all.at(-1)?.lastOne === true || (q.isSuccess && !q.hasNextPage);
  return (
    <div className="page" data-testid="page-message-second">
      <PageBar title={name || t('messages.title')} />
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError && !q.data ? (
        <LoadFailed onRetry={q.refetch} />
      ) : all.length === 0 && ended ? (
        <EmptyState kind="empty" testId="messages-empty" title={t('messages.empty')} description={t('messages.emptyHint')} />
      ) : (
        <>
          <ZoneNote timeZone={zone} />
          <ul className="msg-list" data-testid="message-list">
            {all.map((m) => (
              <MessageRow key={m.msg_id} m={m} zone={zone} />
            ))}
          </ul>
          {ended ? (
            <span className="msg-more" data-testid="messages-end">
              {t('messages.noMore')}
            </span>
          ) : (
            <InfiniteScroll
              hasMore={q.hasNextPage}
              loadMore={async () => {
                const r = await q.fetchNextPage();
                if (r.isError) throw r.error;
              }}
            >
              {(more, failed, retry) => (
                <span className="msg-more">
                  {failed ? (
                    <button type="button" className="msg-link" data-testid="messages-retry" onClick={() => void retry()}>
                      {t('messages.retryLoad')}
                    </button>
                  ) : more ? (
                    t('messages.loadingMore')
                  ) : null}
                </span>
              )}
            </InfiniteScroll>
          )}
        </>
      )}
    </div>
  );
}

export default function SecondListPage() {
  return (
    <RequireLogin>
      <SecondList />
    </RequireLogin>
  );
}
