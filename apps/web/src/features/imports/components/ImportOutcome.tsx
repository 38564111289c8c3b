import type { ImportView } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { Icon } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { count } from '../format.ts';
import '../../../i18n/imports.ts';

/**
 * How an import ended: recorded (how many, and the way to the flow or the book), failed
 * (the server's reason as it is: nothing was recorded, all or nothing) or cancelled; the
 * last two lead back to the import page to try again.
 */
export function ImportOutcome({ bookId, view }: { bookId: string; view: ImportView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const again = (
    <Button color="primary" data-testid="import-again" onClick={() => navigate(`/import/index?bookId=${encodeURIComponent(bookId)}`)}>
      {t(view.status === 'failed' ? 'imports.failed.again' : 'imports.cancelled.again')}
    </Button>
  );
  if (view.status === 'done')
    return (
      <section className="section import-card import-outcome" data-testid="import-done">
        <div className="import-outcome-mark" aria-hidden="true">
          <Icon name="check" size={32} />
        </div>
        <h2 className="import-outcome-title" data-testid="import-done-title">
          {t('imports.done.title', { count: view.counts.recorded, n: count(view.counts.recorded) })}
        </h2>
        <div className="import-outcome-actions">
          <Button
            block
            color="primary"
            data-testid="import-to-flow"
            onClick={() => navigate(`/flow/index?bookId=${encodeURIComponent(bookId)}`, { replace: true })}
          >
            {t('imports.done.toFlow')}
          </Button>
          <Button
            block
            fill="outline"
            data-testid="import-to-dashboard"
            onClick={() => navigate(`/dashboard/index?TradingEntity=${encodeURIComponent(bookId)}`, { replace: true })}
          >
            {t('imports.done.toDashboard')}
          </Button>
        </div>
      </section>
    );
  if (view.status === 'failed')
    return (
      <EmptyState
        kind="failed"
        testId="import-failed"
        title={t('imports.failed.title')}
        description={<span data-testid="import-failed-message">{view.error?.message}</span>}
        action={again}
      />
    );
  return (
    <EmptyState
      kind="empty"
      testId="import-cancelled"
      title={t('imports.cancelled.title')}
      description={t('imports.cancelled.body')}
      action={again}
    />
  );
}
