import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { formatDateTime } from '../../features/members/format.ts';
import { isMessageGone, isMessageId, messageQueries, reportPath, useMessageAction, useMessageUser } from '../../features/messages/api.ts';
import { openBook } from '../../features/books/mutations.ts';
import { useBookStore } from '../../stores/book.ts';
import { useBookZones } from '../../features/books/clock.ts';
import { useTranslation } from '../../i18n/index.ts';
import { zoneNote } from '../../lib/book-clock.ts';
import '../../i18n/clock.ts';
import '../../features/messages/messages.css';
import '../../i18n/messages.ts';

/** A message's link is a SPEC 2 page route ("community/detail?tid=1"); anything else is not followed. */
const safeLink = (link: string): string | undefined => (/^[A-Za-z][\w-]*(\/[\w-]+)*(\?[^\s#]*)?$/.test(link) ? `/${link}` : undefined);

function Gone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="notFound"
      testId="message-gone"
      title={t('messages.detail.notFound')}
      description={t('messages.detail.notFoundHint')}
      action={
        <Button size="small" color="primary" fill="outline" onClick={() => navigate('/messageCenter/list', { replace: true })}>
          {t('messages.detail.back')}
        </Button>
      }
    />
  );
}

/** One message (SPEC 2, messageCenter/messageDetail?msg_id=): opening it reads it. */
function MessageDetail({ msgId }: { msgId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { uid } = useMessageUser();
  const q = useQuery(messageQueries.one(uid, msgId, qc));
  const action = useMessageAction();
  const m = q.data;
  const zone = useBookZones()(m?.book_id);
  const [following, setFollowing] = useState(false);
  const reading = useRef(false);
  useEffect(() => {
    if (m?.msg_state !== 'unread' || reading.current) return;
    reading.current = true;
    action.mutate({ kind: 'readOne', msgId });
  }, [m?.msg_state, msgId, action]);

  // A message's page is in its book: that book is opened first (made current, as opening a
  // book does), so the page and every call it makes are about it. A book the reader is no
  // longer in is refused there, and the page says so.
  const follow = async (bookId: string | null, to: string) => {
    if (following) return;
    setFollowing(true);
    try {
      if (bookId && bookId !== '0' && bookId !== useBookStore.getState().bookId) await openBook(qc, bookId).catch(() => undefined);
    } finally {
      setFollowing(false);
    }
    navigate(to);
  };

  const body = () => {
    if (m === undefined && q.isPending)
      return (
        <div className="msg-detail">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      );
    if (m === null || (q.isError && isMessageGone(q.error))) return <Gone />;
    if (!m) return <LoadFailed onRetry={q.refetch} />;
    const to = m.link ? safeLink(m.link) : undefined;
    // A book's message is on the book's clock, named where it is not the phone's.
    const named = zoneNote(zone, m.created_at);
    return (
      <article className="msg-detail" data-testid="message-detail" data-state={m.msg_state}>
        <h2 data-testid="message-title">{m.title}</h2>
        <div className="msg-detail-meta">
          {formatDateTime(m.created_at, zone)}
          {named && <span data-testid="message-zone">{` · ${t('clock.zone', { offset: named })}`}</span>}
          {m.count > 1 && <span data-testid="message-count">{` · ${t('messages.detail.count', { count: m.count })}`}</span>}
        </div>
        <p className="msg-detail-body" data-testid="message-body">
          {m.body}
        </p>
        <div className="msg-detail-actions">
          {to && (
            <Button color="primary" size="small" data-testid="message-link" loading={following} onClick={() => void follow(m.book_id, to)}>
              {t('messages.detail.open')}
            </Button>
          )}
          <button type="button" className="msg-link" data-testid="message-report" onClick={() => navigate(reportPath('message', m.msg_id))}>
            {t('messages.detail.report')}
          </button>
        </div>
      </article>
    );
  };
  return (
    <div className="page" data-testid="page-message-detail">
      <PageBar title={t('messages.detail.title')} />
      {body()}
    </div>
  );
}

export default function MessageDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('msg_id');
  return <RequireLogin>{isMessageId(id) ? <MessageDetail key={id} msgId={id} /> : <Gone />}</RequireLogin>;
}
