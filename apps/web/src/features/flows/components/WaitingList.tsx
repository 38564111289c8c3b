import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { TransactionRow } from './TransactionRow.tsx';
import { LOCAL_PREFIX, discard, retry, type OutboxItem } from '../../offline/outbox.ts';
import { useOutbox } from '../../offline/useOutbox.ts';
import '../../offline/offline.css';
import '../../../i18n/offline.ts';

const RECORD = '/subPackages/accounting/index?id=';

/**
 * The book's writes that wait for the network, at the top of its flow, oldest first:
 * a record made offline opens its form (the change stays on the phone); a refused one
 * shows the server's reason and offers retry, edit (a create) or discard.
 */
export function WaitingList({ bookId, masked }: { bookId: string; masked: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const items = useOutbox(bookId);
  const [open, setOpen] = useState<string>();
  if (!items.length) return null;
  const act = (done: Promise<void>, said: string) =>
    void done.then(() => {
      setOpen(undefined);
      showToast(said);
      if (navigator.onLine) void import('../../offline/send.ts').then((m) => m.sendWaiting(qc));
    });
  const tap = (item: OutboxItem) => {
    if (item.state === 'failed') return setOpen(open === item.id ? undefined : item.id);
    if (item.kind === 'create' && item.state === 'waiting') navigate(`${RECORD}${encodeURIComponent(`${LOCAL_PREFIX}${item.id}`)}`);
    else if (item.kind === 'update' && item.recordId) navigate(`${RECORD}${encodeURIComponent(item.recordId)}`);
  };
  return (
    <section className="offline-waiting" data-testid="offline-waiting" aria-label={t('offline.waitingTitle')}>
      <div className="offline-waiting-title">{t('offline.waitingTitle')}</div>
      {items.map((item) => {
        const failed = item.state === 'failed';
        const tag = `${item.kind === 'create' ? '' : `${t(`offline.kinds.${item.kind}`)} · `}${t(`offline.${item.state}`)}`;
        return (
          <div key={item.id} className="offline-item" data-testid="offline-item" data-state={item.state} data-kind={item.kind}>
            {item.preview ? (
              <TransactionRow transaction={item.preview} masked={masked} onOpen={() => tap(item)} />
            ) : (
              <button type="button" className="flow-row" onClick={() => tap(item)}>
                <span className="flow-row-main">
                  <span className="flow-row-title">
                    {t('offline.deleted', { count: (item.body.ids as unknown[] | undefined)?.length ?? 1 })}
                  </span>
                </span>
              </button>
            )}
            <span className={`offline-item-tag${failed ? ' failed' : ''}`} data-testid="offline-tag">
              {tag}
              {failed && item.error && <span className="offline-item-reason">{item.error}</span>}
            </span>
            {open === item.id && (
              <div className="offline-item-actions">
                <button
                  type="button"
                  className="link-button"
                  data-testid="offline-retry"
                  onClick={() => act(retry(item.id), t('offline.retried'))}
                >
                  {t('offline.retry')}
                </button>
                {item.kind === 'create' && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => navigate(`${RECORD}${encodeURIComponent(`${LOCAL_PREFIX}${item.id}`)}`)}
                  >
                    {t('offline.edit')}
                  </button>
                )}
                <button
                  type="button"
                  className="link-button danger-text"
                  data-testid="offline-discard"
                  onClick={() => act(discard(item.id), t('offline.discarded'))}
                >
                  {t('offline.discard')}
                </button>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
