import type { PeriodGaps } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { periodName, periodRange } from '../dates.ts';
import { shiftPeriod, switchUnit, type PeriodUnit } from '../time.ts';
import { FlowGlyph } from './glyphs.tsx';
import { Segmented } from './Segmented.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

/**
 * The period a screen counts: month or year, and arrows to the one before and after.
 * Periods follow the book's month start; nothing later than the current one is offered.
 */
export function PeriodSwitcher({
  unit,
  period,
  current,
  gaps,
  onChange,
}: {
  unit: PeriodUnit;
  period: string;
  /** The current month and year in the book's zone: the last ones offered. */
  current: Record<PeriodUnit, string>;
  gaps: PeriodGaps;
  onChange: (unit: PeriodUnit, period: string) => void;
}) {
  const { t } = useTranslation();
  const prev = shiftPeriod(unit, period, -1, gaps);
  const next = period < current[unit] ? shiftPeriod(unit, period, 1, gaps) : undefined;
  const range = periodRange(unit, period, gaps);
  return (
    <div className="flow-period" data-testid="period-switcher">
      <Segmented<PeriodUnit>
        value={unit}
        label={t('flow.period.unitsLabel')}
        testId="period-unit"
        options={(['month', 'year'] as const).map((u) => ({ value: u, label: t(`flow.period.units.${u}`) }))}
        onChange={(u) => onChange(u, switchUnit(u, unit, period, current.month, gaps) ?? current[u])}
      />
      <div className="flow-period-nav" role="group" aria-label={t('flow.period.label')}>
        <button
          type="button"
          className="flow-period-arrow"
          aria-label={t('flow.period.prev')}
          data-testid="period-prev"
          disabled={!prev}
          onClick={() => prev && onChange(unit, prev)}
        >
          <FlowGlyph name="prev" size={20} />
        </button>
        <span className="flow-period-name" aria-live="polite" data-testid="period-name">
          {periodName(unit, period)}
          {range && <span className="flow-period-range">{range}</span>}
        </span>
        <button
          type="button"
          className="flow-period-arrow"
          aria-label={t('flow.period.next')}
          data-testid="period-next"
          disabled={!next}
          onClick={() => next && onChange(unit, next)}
        >
          <FlowGlyph name="next" size={20} />
        </button>
      </div>
    </div>
  );
}
