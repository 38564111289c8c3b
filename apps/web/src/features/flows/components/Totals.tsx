import type { Metric, MetricKey } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { metric } from '../api.ts';
import '../../../i18n/flow.ts';

/** The colour of a metric's figure: what went out, what came in, or neither. */
export const METRIC_TONE: Partial<Record<MetricKey, 'out' | 'in'>> = { EXPENSE: 'out', OUTFLOW: 'out', INCOME: 'in', INFLOW: 'in' };

/**
 * Totals as "支出 120.00 收入 80.00", each figure from the server. While they load a
 * placeholder keeps their place; a failure says so and retries on a tap.
 */
export function Totals({
  metrics,
  data,
  masked,
  pending,
  failed,
  onRetry,
  className,
  hideZero,
}: {
  metrics: readonly MetricKey[];
  data: Metric[] | undefined;
  masked: boolean;
  pending?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  className?: string;
  /** Leave out figures that are zero (a day's header: a day without income says nothing about it). */
  hideZero?: boolean;
}) {
  const { t } = useTranslation();
  if (failed && !data)
    return (
      <button type="button" className="flow-totals-retry" onClick={onRetry}>
        {t('flow.totalsFailed')}
      </button>
    );
  return (
    <span className={className ? `flow-totals ${className}` : 'flow-totals'}>
      {metrics
        .filter((k) => !hideZero || !data || !/^-?0*\.?0*$/.test(metric(data, k)))
        .map((k) => (
          <span key={k} className="flow-total">
            <span className="flow-total-label">{t(`flow.metrics.${k}`)}</span>{' '}
            {pending && !data ? (
              <span className="flow-total-pending">
                <span className="sr-only">{t('common.loading')}</span>
              </span>
            ) : (
              <span className={`flow-total-value ${masked ? '' : (METRIC_TONE[k] ?? '')}`}>
                {k === 'COUNT' ? metric(data, k) : formatAmount(metric(data, k), masked)}
              </span>
            )}
          </span>
        ))}
    </span>
  );
}
