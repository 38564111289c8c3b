import { describe, expect, it } from 'vitest';
import { periodBounds, periodId, periodLabel, periodsBetween, type Civil } from './statistics-rules.ts';

const day = (y: number, m: number, d: number, h = 0): Civil => ({ y, m, d, h });

describe('the period calendar', () => {
  it('numbers weeks starting on Monday exactly as ISO 8601 does', () => {
    // Known ISO weeks, including the ones that belong to the neighbouring year.
    expect(periodId('TIME_WEEK', day(2021, 1, 3))).toBe('2020W53');
    expect(periodId('TIME_WEEK', day(2021, 1, 4))).toBe('2021W01');
    expect(periodId('TIME_WEEK', day(2024, 12, 30))).toBe('2025W01');
    expect(periodId('TIME_WEEK', day(2026, 8, 14))).toBe('2026W33');
    expect(periodId('TIME_WEEK', day(2026, 12, 31))).toBe('2026W53');
    // Every day of 2020-2027 agrees with the ISO rule computed another way (Thursday of the week).
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      const thursday = new Date(t + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
      const week = Math.floor((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / 86_400_000 / 7) + 1;
      const expected = `${thursday.getUTCFullYear()}W${String(week).padStart(2, '0')}`;
      expect(periodId('TIME_WEEK', day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()))).toBe(expected);
    }
  });

  it('starts weeks on dayGap and months (and their quarters and years) on dateGap', () => {
    const gaps = { dateGap: 5, dayGap: 7 };
    // Friday 14 August 2026: the Sunday week of 9 August.
    expect(periodBounds('TIME_WEEK', periodId('TIME_WEEK', day(2026, 8, 14), gaps), gaps)?.start).toEqual(day(2026, 8, 9));
    expect(periodId('TIME_MONTH', day(2026, 8, 4), gaps)).toBe('202607');
    expect(periodId('TIME_MONTH', day(2026, 8, 5), gaps)).toBe('202608');
    expect(periodId('TIME_YEAR', day(2027, 1, 4), gaps)).toBe('2026');
    expect(periodId('TIME_QUARTER', day(2026, 4, 4), gaps)).toBe('2026Q1');
    expect(periodBounds('TIME_MONTH', '202612', gaps)).toEqual({ start: day(2026, 12, 5), end: day(2027, 1, 5) });
    expect(periodBounds('TIME_QUARTER', '2026Q4', gaps)).toEqual({ start: day(2026, 10, 5), end: day(2027, 1, 5) });
  });

  it('finds each id back from its bounds, for every key and many settings', () => {
    for (let dateGap = 1; dateGap <= 28; dateGap += 9) {
      for (let dayGap = 1; dayGap <= 7; dayGap += 2) {
        const gaps = { dateGap, dayGap };
        for (let t = Date.UTC(2025, 11, 1); t < Date.UTC(2026, 2, 1); t += 86_400_000 + 3_600_000 * 5) {
          const d = new Date(t);
          const c = day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours());
          for (const key of ['TIME_YEAR', 'TIME_QUARTER', 'TIME_MONTH', 'TIME_WEEK', 'TIME_DAY', 'TIME_HOUR'] as const) {
            const id = periodId(key, c, gaps);
            const b = periodBounds(key, id, gaps)!;
            const stamp = (x: Civil) => Date.UTC(x.y, x.m - 1, x.d, x.h);
            expect(stamp(b.start) <= t && t < stamp(b.end), `${key} ${id} ${JSON.stringify(gaps)}`).toBe(true);
            expect(periodId(key, b.start, gaps)).toBe(id);
          }
        }
      }
    }
  });

  it('refuses ids that name no period', () => {
    for (const [key, id] of [
      ['TIME_MONTH', '202613'],
      ['TIME_MONTH', '2026-08'],
      ['TIME_WEEK', '2025W53'],
      ['TIME_WEEK', '2026W00'],
      ['TIME_DAY', '20260230'],
      ['TIME_HOUR', '2026081524'],
      ['TIME_QUARTER', '2026Q5'],
      ['TIME_YEAR', '1968'],
    ] as const) {
      expect(periodBounds(key, id), `${key} ${id}`).toBeUndefined();
    }
  });

  it('lists the periods between two times, up to a maximum', () => {
    expect(periodsBetween('TIME_MONTH', day(2025, 11, 20), day(2026, 2, 1), { dateGap: 1, dayGap: 1 }, 10)).toEqual([
      '202511',
      '202512',
      '202601',
      '202602',
    ]);
    expect(periodsBetween('TIME_DAY', day(2026, 1, 1), day(2026, 12, 31), { dateGap: 1, dayGap: 1 }, 100)).toBeUndefined();
    expect(periodLabel('TIME_WEEK', '2026W33')).toBe('2026-W33');
    expect(periodLabel('TIME_HOUR', '2026081514')).toBe('2026-08-15 14:00');
  });
});
