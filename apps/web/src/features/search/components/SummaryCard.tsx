import type { Metric } from '@cab/contracts/client';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { metric } from '../../flows/api.ts';

/** What the matches add up to: expense, income and how many records, from the server (never from the loaded rows). */
export function SummaryCard({ data, masked }: { data: Metric[] | undefined; masked: boolean }) {
  const { t } = useTranslation();
  const cell = (label: string, value: string, tone: string, testId: string) => (
    <div className="search-summary-cell">
      <div className="search-summary-label">{label}</div>
      {!data ? (
        <Skeleton.Title animated className="search-summary-skeleton" />
      ) : (
        <div className={`search-summary-value ${tone}`} data-testid={testId}>
          {value}
        </div>
      )}
    </div>
  );
  return (
    <div className="search-summary" data-testid="search-summary" aria-busy={!data}>
      {cell(t('flowSearch.expense'), formatAmount(metric(data, 'EXPENSE'), masked), masked ? '' : 'out', 'search-expense')}
      {cell(t('flowSearch.income'), formatAmount(metric(data, 'INCOME'), masked), masked ? '' : 'in', 'search-income')}
      {cell(t('flowSearch.count'), metric(data, 'COUNT'), '', 'search-match-count')}
    </div>
  );
}
