import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { currentPeriod, parsePeriod, type BookCalendar, type PeriodUnit } from './time.ts';

/**
 * The period a page counts, kept in its URL (`unit` month|year, `period` the id) so a
 * shared link or a reload shows the same; the current month by default.
 */
export function usePeriod(cal: BookCalendar) {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const current: Record<PeriodUnit, string> = { month: currentPeriod('month', cal, now), year: currentPeriod('year', cal, now) };
  const unit: PeriodUnit = params.get('unit') === 'year' ? 'year' : 'month';
  const period = parsePeriod(unit, params.get('period'), cal.gaps) ?? current[unit];
  const set = (u: PeriodUnit, p: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('unit', u);
        next.set('period', p);
        return next;
      },
      { replace: true },
    );
  return { unit, period, current, set };
}
