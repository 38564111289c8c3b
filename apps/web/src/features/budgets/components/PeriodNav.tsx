import { useTranslation } from '../../../i18n/index.ts';
import { zoneNote } from '../../../lib/book-clock.ts';
import '../../../i18n/clock.ts';
import { neighbours, periodName, periodRange, type Period } from '../period.ts';
import { BudgetGlyph } from './glyphs.tsx';
import '../../../i18n/budgets.ts';

/** The period shown, with arrows to the one before and after (none for 全部). */
export function PeriodNav({
  period,
  timeZone,
  dateGap,
  onMove,
}: {
  period: Period;
  timeZone: string;
  dateGap: number;
  /** An instant inside the period to show. */
  onMove: (at: number) => void;
}) {
  const { t } = useTranslation();
  const { prev, next } = neighbours(period);
  const range = periodRange(period, timeZone, dateGap);
  // The period's days are the book's (one clock per book): its zone is named where it is not the phone's.
  const zone = zoneNote(timeZone, period.start_time);
  const arrow = (at: number | undefined, dir: 'prev' | 'next') =>
    at !== undefined && (
      <button
        type="button"
        className="budget-period-arrow"
        aria-label={t(`budgets.period.${dir}`)}
        data-testid={`budget-period-${dir}`}
        onClick={() => onMove(at)}
      >
        <BudgetGlyph name={dir} size={20} />
      </button>
    );
  return (
    <div className="budget-period-nav" role="group" aria-label={t('budgets.period.label')}>
      <span className="budget-period-side">{arrow(prev, 'prev')}</span>
      <span className="budget-period" aria-live="polite">
        <span data-testid="budget-period">{periodName(period, timeZone)}</span>
        {range && <span className="budget-period-range">{range}</span>}
        {zone && (
          <span className="budget-period-range" data-testid="budget-zone">
            {t('clock.zone', { offset: zone })}
          </span>
        )}
      </span>
      <span className="budget-period-side right">{arrow(next, 'next')}</span>
    </div>
  );
}
