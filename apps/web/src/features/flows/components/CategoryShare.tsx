import type { TradeType } from '@cab/contracts/client';
import { Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { metric, statisticsQueries } from '../api.ts';
import { chartValue, shareText } from '../amounts.ts';
import { rankGroups, ringParts, type Ranked } from '../chart-data.ts';
import { UNIT_KEY, type PeriodUnit } from '../time.ts';
import { PALETTE, Ring } from './LazyCharts.tsx';
import { RankList } from './RankList.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

const RING_PARTS = 8;
const typeMetric = (type: TradeType) => (type === 'Expense' ? 'EXPENSE' : 'INCOME');

/**
 * Each category's share of a period's expense (or income): a ring and the ranked list
 * under it. Without `parentId` the first-level categories; with it, the subcategories of
 * that one. A row of the list opens its category.
 */
export function CategoryShare({
  bookId,
  type,
  unit,
  period,
  parentId,
  masked,
  onOpen,
}: {
  bookId: string;
  type: TradeType;
  unit: PeriodUnit;
  period: string;
  parentId?: string;
  masked: boolean;
  onOpen: (item: Ranked) => void;
}) {
  const { t } = useTranslation();
  const typeName = t(`flow.types.${type}`);
  const rollup = useQuery(
    statisticsQueries.rollup(bookId, {
      group: { group_by: parentId ? 'CATEGORY_SECOND' : 'CATEGORY_FIRST' },
      query: { category_types: [type], ...(parentId ? { category_ids: [parentId] } : {}) },
      group_filter: { group_key: UNIT_KEY[unit], group_id: period },
    }),
  );
  const heading = parentId ? t('flow.charts.subRanking') : t('flow.charts.ranking', { type: typeName });
  if (rollup.isError) return <LoadFailed onRetry={rollup.refetch} />;
  if (!rollup.data)
    return (
      <section className="section padded" data-testid="category-share-loading">
        <div className="chart-placeholder ring" />
        <Skeleton.Paragraph lineCount={4} animated />
      </section>
    );
  const key = typeMetric(type);
  const total = metric(rollup.data.metric_data, key);
  const ranked = rankGroups(rollup.data.data, key, total, PALETTE);
  if (!ranked.length)
    return parentId ? null : (
      <section className="section">
        <EmptyState kind="empty" title={t('flow.charts.empty', { type: typeName })} description={t('flow.charts.emptyHint')} />
      </section>
    );
  const parts = ringParts(ranked, RING_PARTS, t('flow.charts.others'), PALETTE[PALETTE.length - 1] ?? '#8c8c8c');
  const label = masked
    ? t('flow.charts.hiddenLabel', { type: typeName })
    : t('flow.charts.ringLabel', {
        type: typeName,
        items: ranked.map((r) => `${r.name} ${shareText(r.permille)} ${formatAmount(r.amount)}`).join(t('flow.listSeparator')),
      });
  return (
    <section className="section flow-chart-section" aria-labelledby={`share-${parentId ?? 'all'}`} data-testid="category-share">
      <h2 id={`share-${parentId ?? 'all'}`} className="flow-section-title">
        {heading}
      </h2>
      <div className="flow-ring">
        <Ring
          items={parts.map((p) => ({
            label: p.name,
            value: chartValue(p.amount),
            color: p.color,
            tip: `${p.name} ${formatAmount(p.amount)}`,
          }))}
          label={label}
          masked={masked}
          testId="category-ring"
        />
        <div className="flow-ring-center" aria-hidden="true">
          <span className="flow-ring-caption">{t('flow.charts.total', { type: typeName })}</span>
          <span className="flow-ring-total">{formatAmount(total, masked)}</span>
        </div>
      </div>
      <RankList items={ranked} masked={masked} onOpen={onOpen} canOpen={(r) => r.id !== parentId} testId="category-rank" />
    </section>
  );
}
