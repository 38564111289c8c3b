import { ALL_START_TIME } from '@cab/contracts/client';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/index.ts';
import { extendTargets, neighbours, periodName, periodRange, weekNumber } from './period.ts';
import { NOW, periodOf } from './test-fixtures.ts';

const SH = 'Asia/Shanghai';

describe('budget periods', () => {
  afterEach(async () => {
    await loadLanguage('zh-CN');
  });

  it('names each recurrence’s period in Chinese', () => {
    expect(periodName(periodOf('Day', NOW), SH)).toBe('2026年11月18日');
    expect(periodName(periodOf('Week', NOW), SH)).toBe('2026年第47周');
    expect(periodName(periodOf('Month', NOW), SH)).toBe('2026年11月');
    expect(periodName(periodOf('Season', NOW), SH)).toBe('2026年第4季度');
    expect(periodName(periodOf('Year', NOW), SH)).toBe('2026年');
    expect(periodName(periodOf('ALL', NOW), SH)).toBe('全部');
  });

  it('and in English', async () => {
    await loadLanguage('en');
    expect(periodName(periodOf('Day', NOW), SH)).toBe('Nov 18, 2026');
    expect(periodName(periodOf('Week', NOW), SH)).toBe('Week 47, 2026');
    expect(periodName(periodOf('Month', NOW), SH)).toBe('November 2026');
    expect(periodName(periodOf('Season', NOW), SH)).toBe('Q4 2026');
    expect(periodName(periodOf('ALL', NOW), SH)).toBe('All time');
    expect(periodRange(periodOf('Week', NOW), SH, 1)).toBe('Nov 16 – Nov 22');
  });

  it('shows a week’s days, and a month’s when the book’s month does not start on the 1st', () => {
    expect(periodRange(periodOf('Week', NOW), SH, 1)).toBe('11月16日 - 11月22日');
    expect(periodRange(periodOf('Month', NOW), SH, 1)).toBeUndefined();
    expect(periodRange(periodOf('Month', NOW), SH, 5)).toBe('11月1日 - 11月30日');
    expect(periodRange(periodOf('ALL', NOW), SH, 5)).toBeUndefined();
  });

  it('numbers weeks as ISO 8601 does for weeks starting on Monday', () => {
    // Weeks starting on these Mondays.
    expect(weekNumber({ y: 2025, m: 12, d: 29, h: 0 })).toEqual({ y: 2026, w: 1 });
    expect(weekNumber({ y: 2024, m: 12, d: 30, h: 0 })).toEqual({ y: 2025, w: 1 });
    expect(weekNumber({ y: 2026, m: 12, d: 28, h: 0 })).toEqual({ y: 2026, w: 53 });
  });

  it('moves to an instant inside the period before and after, never for 全部', () => {
    const m = periodOf('Month', NOW);
    const { prev, next } = neighbours(m);
    expect(periodOf('Month', prev!).start_time).toBe(periodOf('Month', Date.UTC(2026, 9, 15)).start_time);
    expect(periodOf('Month', next!).start_time).toBe(m.end_time);
    expect(neighbours({ recurrence_type: 'ALL', start_time: ALL_START_TIME, end_time: null })).toEqual({});
  });

  it('extends only to recurrences a budget fits a whole number of times', () => {
    expect(extendTargets('Month')).toEqual([
      { to: 'Season', factor: 3 },
      { to: 'Year', factor: 12 },
    ]);
    expect(extendTargets('Year')).toEqual([]);
  });
});
