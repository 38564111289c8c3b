import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { CategoryIcon } from '../../accounting/icons/icons.tsx';
import { shareText } from '../amounts.ts';
import type { Ranked } from '../chart-data.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/**
 * Groups ranked by amount: colour (as in the chart), icon, name, share and amount, with
 * a bar of the share. It is also the chart's text alternative. A row opens its group
 * when `onOpen` says it can.
 */
export function RankList({
  items,
  masked,
  onOpen,
  canOpen,
  testId,
}: {
  items: Ranked[];
  masked: boolean;
  onOpen?: (item: Ranked) => void;
  canOpen?: (item: Ranked) => boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ol className="flow-rank" data-testid={testId}>
      {items.map((r) => {
        const body = (
          <>
            <span className="flow-rank-icon" style={{ color: r.color }} aria-hidden="true">
              <CategoryIcon name={r.icon ?? ''} size={18} />
            </span>
            <span className="flow-rank-main">
              <span className="flow-rank-line">
                <span className="flow-rank-name">{r.name}</span>
                <span className="flow-rank-share">{shareText(r.permille)}</span>
                <span className="flow-rank-amount">{formatAmount(r.amount, masked)}</span>
              </span>
              <span className="flow-rank-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(r.permille / 10, 1)}%`, background: r.color }} />
              </span>
            </span>
          </>
        );
        const open = onOpen && (canOpen?.(r) ?? true);
        return (
          <li key={r.id}>
            {open ? (
              <button type="button" className="flow-rank-row" data-testid={`rank-${r.id}`} onClick={() => onOpen(r)}>
                {body}
              </button>
            ) : (
              <div className="flow-rank-row" data-testid={`rank-${r.id}`}>
                {body}
              </div>
            )}
          </li>
        );
      })}
      {!items.length && <li className="flow-rank-empty">{t('flow.charts.emptyHint')}</li>}
    </ol>
  );
}
