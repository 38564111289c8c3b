import { Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { Icon, type IconName } from '../../../app/icons.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { metric, statisticsQueries } from '../api.ts';
import type { FlowGroupKey } from '../groups.ts';
import { UNIT_KEY, type PeriodUnit } from '../time.ts';
import { Totals } from './Totals.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

const KEY_ICON: Record<FlowGroupKey, IconName> = { MEMBER: 'user', MERCHANT: 'shop', PROJECT: 'ledger' };

/**
 * A period's groups of one key (members, merchants or projects), largest amount first,
 * each with its expense, income and count; the none group ("无成员") as the server names
 * it. A tap opens the group's flow.
 */
export function GroupList({
  bookId,
  groupKey,
  unit,
  period,
  masked,
  onOpen,
}: {
  bookId: string;
  groupKey: FlowGroupKey;
  unit: PeriodUnit;
  period: string;
  masked: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const rollup = useQuery(
    statisticsQueries.rollup(bookId, {
      group: { group_by: groupKey },
      sort: { sort_by: 'AMOUNT', order_by: 'DESC' },
      group_filter: { group_key: UNIT_KEY[unit], group_id: period },
    }),
  );
  if (rollup.isError) return <LoadFailed onRetry={rollup.refetch} />;
  if (!rollup.data)
    return (
      <div className="section padded" data-testid="groups-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (!rollup.data.data.length)
    return (
      <div className="section">
        <EmptyState kind="empty" title={t('flow.group.empty')} description={t('flow.group.emptyHint')} />
      </div>
    );
  return (
    <section className="section" data-testid="group-list">
      <div className="flow-group-summary">
        <Totals metrics={['EXPENSE', 'INCOME']} data={rollup.data.metric_data} masked={masked} />
      </div>
      <ul className="flow-groups">
        {rollup.data.data.map((g) => (
          <li key={g.group_info.group_id}>
            <button
              type="button"
              className="flow-row"
              data-testid={`group-${g.group_info.group_id}`}
              onClick={() => onOpen(g.group_info.group_id)}
            >
              <span className="flow-row-icon neutral" aria-hidden="true">
                <Icon name={KEY_ICON[groupKey]} size={20} />
              </span>
              <span className="flow-row-main">
                <span className="flow-row-title">{g.group_info.group_name}</span>
                <span className="flow-row-sub">{t('flow.count', { count: Number(metric(g.metric_data, 'COUNT')) })}</span>
              </span>
              <Totals metrics={['EXPENSE', 'INCOME']} data={g.metric_data} masked={masked} className="stacked" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
