import type { TradeType } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { metric, statisticsQueries } from '../api.ts';
import { chartValue } from '../amounts.ts';
import { barName, barTick } from '../dates.ts';
import { UNIT_KEY, type PeriodUnit } from '../time.ts';
import { Bars } from './LazyCharts.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

/**
 * A category's expense (or income) over a period: a bar per day of a month or per
 * month of a year, every one of them shown (show_all), with the period's total.
 */
export function CategoryTrend({
  bookId,
  type,
  categoryId,
  name,
  unit,
  period,
  masked,
}: {
  bookId: string;
  type: TradeType;
  categoryId: string;
  name: string;
  unit: PeriodUnit;
  period: string;
  masked: boolean;
}) {
  const { t } = useTranslation();
  const typeName = t(`flow.types.${type}`);
  const by = unit === 'month' ? ('TIME_DAY' as const) : ('TIME_MONTH' as const);
  const rollup = useQuery(
    statisticsQueries.rollup(bookId, {
      group: { group_by: by, show_all: true },
      query: { category_types: [type], category_ids: [categoryId] },
      group_filter: { group_key: UNIT_KEY[unit], group_id: period },
    }),
  );
  const key = type === 'Expense' ? 'EXPENSE' : 'INCOME';
  if (rollup.isError) return <LoadFailed onRetry={rollup.refetch} />;
  const groups = rollup.data?.data ?? [];
  const items = groups.map((g) => {
    const amount = metric(g.metric_data, key);
    return { label: barTick(by, g.group_info.group_id), value: chartValue(amount), color: '#e8890c', tip: formatAmount(amount) };
  });
  const words = groups
    .filter((g) => chartValue(metric(g.metric_data, key)) > 0)
    .map((g) => `${barName(by, g.group_info.group_id)} ${formatAmount(metric(g.metric_data, key))}`)
    .join(t('flow.listSeparator'));
  const unitName = unit === 'month' ? t('flow.charts.unitDay') : t('flow.charts.unitMonth');
  const label = masked
    ? t('flow.charts.hiddenLabel', { type: typeName })
    : t('flow.charts.barsLabel', { name, unit: unitName, type: typeName, items: words || '0.00' });
  return (
    <section className="section flow-chart-section" aria-labelledby="trend-title" data-testid="category-trend">
      <h2 id="trend-title" className="flow-section-title">
        <span>{t('flow.charts.trend', { type: typeName })}</span>
        <span className="flow-section-figure" data-testid="category-total">
          {rollup.data ? (
            `${t('flow.charts.total', { type: typeName })} ${formatAmount(metric(rollup.data.metric_data, key), masked)}`
          ) : (
            <span className="flow-total-pending" />
          )}
        </span>
      </h2>
      <div className="flow-bars">
        {rollup.data ? (
          <Bars items={items} label={label} masked={masked} testId="category-bars" />
        ) : (
          <div className="chart-placeholder bars" />
        )}
      </div>
    </section>
  );
}
