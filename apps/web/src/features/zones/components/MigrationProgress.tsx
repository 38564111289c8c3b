import type { Migration, MigrationType } from '@cab/contracts/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { confirmDestructive } from '../../cloud/dialogs.ts';
import { count, percentOf } from '../format.ts';
import { useCancelMigration } from '../mutations.ts';
import { isOpen, zoneKeys, zoneQueries } from '../queries.ts';
import { ZoneGlyph } from './glyphs.tsx';
import '../../../i18n/zones.ts';

const CANCELLABLE: ReadonlySet<Migration['status']> = new Set(['copying', 'verifying']);

/**
 * A move in flight (SPEC 4's migrating state): asked every second while it copies,
 * verifies and cuts over; one bar for rows and images together, each count beside it, the
 * table being copied, and a cancel (the owner's, before the cut-over: after it the book is
 * already switching, and the server refuses). When it ends, the book's place is asked again
 * and the page moves on (to the zone, or back to where it was).
 */
export function MigrationProgress({
  bookId,
  type,
  known,
  mayCancel,
}: {
  bookId: string;
  type: MigrationType;
  /** The migration as the book's zone state answered it, shown until the first poll. */
  known: Migration | null;
  mayCancel: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const status = useQuery(zoneQueries.migration(bookId, type));
  const cancel = useCancelMigration(bookId, type);
  const m = status.data ?? known;

  // Once, when the move ends while the page watches: say how, and let the page follow.
  const seenOpen = useRef(false);
  useEffect(() => {
    if (!m) return;
    if (isOpen(m)) {
      seenOpen.current = true;
      return;
    }
    if (!seenOpen.current) return;
    seenOpen.current = false;
    if (m.status === 'done') showToast(t('zones.progress.done'));
    void qc.invalidateQueries({ queryKey: zoneKeys.book(bookId), exact: true });
  }, [m, qc, bookId, t]);

  const askCancel = async () => {
    const ok = await confirmDestructive(t('zones.progress.cancelAsk'), t('zones.progress.cancel'), 'migration-cancel-confirm');
    if (!ok) return;
    const cancelled = await cancel.mutateAsync();
    // A paid move is given back when it ends before its cut-over: say so.
    const paid = Number(cancelled.price) > 0;
    showToast(paid ? t('zones.progress.refunded', { price: formatAmount(cancelled.price) }) : t('zones.progress.cancelled'));
  };

  const title = type === 'public-to-private' ? t('zones.progress.toPrivate') : t('zones.progress.toPublic');
  const percent = m ? percentOf(m) : 0;
  return (
    <section className="section zone-card" data-testid="migration-progress" data-status={m?.status ?? 'unknown'} data-type={type}>
      <h2 className="zone-title">
        <ZoneGlyph name="move" size={18} />
        <span>{title}</span>
      </h2>
      <div className="zone-progress-head">
        <span data-testid="migration-status">{m ? t(`zones.progress.statuses.${m.status}`) : ''}</span>
        <span data-testid="migration-percent">{`${percent}%`}</span>
      </div>
      <div
        className="zone-progress"
        role="progressbar"
        aria-label={t('zones.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="migration-bar"
      >
        <div className="zone-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {m && (
        <ul className="zone-progress-counts">
          <li data-testid="migration-rows">{t('zones.progress.rows', { done: count(m.rows_copied), total: count(m.rows_total) })}</li>
          <li data-testid="migration-images">
            {t('zones.progress.images', { done: count(m.images_copied), total: count(m.images_total) })}
          </li>
          {m.status === 'copying' && m.table && <li data-testid="migration-table">{t('zones.progress.table', { table: m.table })}</li>}
        </ul>
      )}
      {status.isError && (
        <p className="zone-note" role="status" data-testid="migration-poll-failed">
          <ZoneGlyph name="info" size={16} />
          <span>{t('zones.progress.loadFailed')}</span>
        </p>
      )}
      <p className="zone-note">
        <ZoneGlyph name="info" size={16} />
        <span>{t('zones.progress.readOnly')}</span>
      </p>
      {mayCancel && m && CANCELLABLE.has(m.status) && (
        <div className="zone-actions">
          <Button
            block
            color="danger"
            fill="outline"
            data-testid="migration-cancel"
            loading={cancel.isPending}
            onClick={() => void askCancel().catch(() => undefined)}
          >
            {t('zones.progress.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}
