import type { BookMessageSummary } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Badge, SwipeAction } from 'antd-mobile';
import { useNavigate } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { ask, messageQueries, useMessageAction, useMessageUser, useRefetchOnUnread } from '../../features/messages/api.ts';
import { useBookZones } from '../../features/books/clock.ts';
import { formatDateTime } from '../../features/members/format.ts';
import { ListSkeleton } from '../../features/messages/ListSkeleton.tsx';
import { badgeText } from '../../features/messages/unread.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/messages/messages.css';
import '../../i18n/messages.ts';

/** One book's row: its name, unread count, latest message and its time; swipe for read and delete. */
function BookRow({ row }: { row: BookMessageSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useMessageAction();
  // A book's messages are on its clock; those about the caller alone on the phone's.
  const zone = useBookZones()(row.book_id);
  const id = row.book_id ?? '0';
  const name = row.book_id ? row.book_name : t('messages.personal');
  const open = () => navigate(`/messageCenter/secondList?account_book_id=${id}`);
  const content = (
    <button type="button" className={row.msg_num > 0 ? 'msg-row unread' : 'msg-row'} data-testid={`messages-book-${id}`} onClick={open}>
      <Badge content={badgeText(row.msg_num)} aria-label={row.msg_num > 0 ? t('messages.unreadCount', { count: row.msg_num }) : undefined}>
        <span className="msg-icon">
          <Icon name={row.book_id ? 'ledger' : 'user'} />
        </span>
      </Badge>
      <span className="msg-row-body">
        <span className="msg-row-head">
          <span className="msg-row-name">{name}</span>
          {row.latest && <span className="msg-row-time">{formatDateTime(row.latest.created_at, zone)}</span>}
        </span>
        <span className="msg-row-text" data-testid={`messages-book-latest-${id}`}>
          {row.latest ? row.latest.title : t('messages.noMessages')}
        </span>
      </span>
    </button>
  );
  // A book's messages are read or deleted by its id; those about the caller alone by '0'.
  const bookId = id;
  return (
    <li>
      <SwipeAction
        rightActions={[
          {
            key: 'read',
            color: 'light',
            text: <span data-testid={`messages-book-read-${id}`}>{t('messages.read')}</span>,
            onClick: () => action.mutate({ kind: 'readBook', bookId }, { onSuccess: () => showToast(t('messages.marked')) }),
          },
          {
            key: 'delete',
            color: 'danger',
            text: <span data-testid={`messages-book-delete-${id}`}>{t('messages.delete')}</span>,
            onClick: () =>
              void ask()
                .then((m) => m.confirmDestructive(t('messages.deleteBookConfirm', { name }), t('messages.delete')))
                .then((yes) => yes && action.mutate({ kind: 'deleteBook', bookId }, { onSuccess: () => showToast(t('messages.deleted')) })),
          },
        ]}
      >
        {content}
      </SwipeAction>
    </li>
  );
}

function MessageList() {
  const { t } = useTranslation();
  const { uid } = useMessageUser();
  const q = useQuery(messageQueries.books(uid));
  const action = useMessageAction();
  useRefetchOnUnread();
  const rows = (q.data ?? []).filter((r) => r.total > 0 || r.latest);
  const anyUnread = rows.some((r) => r.msg_num > 0);
  const readAll = () =>
    void ask()
      .then((m) => m.confirmReadAll())
      .then((yes) => yes && action.mutate({ kind: 'readAll' }, { onSuccess: () => showToast(t('messages.readAllDone')) }));
  return (
    <div className="page" data-testid="page-messages">
      <PageBar
        title={t('messages.title')}
        right={
          anyUnread && (
            <button type="button" className="msg-link" data-testid="messages-read-all" onClick={readAll}>
              {t('messages.readAll')}
            </button>
          )
        }
      />
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <LoadFailed onRetry={q.refetch} />
      ) : rows.length === 0 ? (
        <EmptyState kind="empty" testId="messages-empty" title={t('messages.empty')} description={t('messages.emptyHint')} />
      ) : (
        <ul className="msg-list" data-testid="messages-books">
          {rows.map((r) => (
            <BookRow key={r.book_id ?? '0'} row={r} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The message center (SPEC 2, messageCenter/list): the caller's messages by book. */
export default function MessageListPage() {
  return (
    <RequireLogin>
      <MessageList />
    </RequireLogin>
  );
}
