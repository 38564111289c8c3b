import { describe, expect, it } from 'vitest';
import { calendarOf, civilAt, currentPeriod, parsePeriod, periodDays, shiftPeriod, switchUnit } from './time.ts';

const GAP1 = { dateGap: 1, dayGap: 1 };
const GAP5 = { dateGap: 5, dayGap: 1 };

describe('the wall clock of a book', () => {
  it('reads an instant in the book zone, not the phone zone', () => {
    // 2026-08-15 16:30 UTC is 00:30 on the 16th in Shanghai and 12:30 on the 15th in New York.
    const t = Date.UTC(2026, 7, 15, 16, 30);
    expect(civilAt('Asia/Shanghai', t)).toEqual({ y: 2026, m: 8, d: 16, h: 0, min: 30 });
    expect(civilAt('America/New_York', t)).toEqual({ y: 2026, m: 8, d: 15, h: 12, min: 30 });
  });

  it('falls back to the phone zone for a zone the browser does not know', () => {
    const t = Date.UTC(2026, 0, 1, 12);
    expect(civilAt('Not/AZone', t)).toEqual(civilAt('', t));
  });

  it('takes the calendar from the book', () => {
    expect(calendarOf({ time_zone: 'Europe/Paris', date_gap: 5, day_gap: 7 })).toEqual({
      timeZone: 'Europe/Paris',
      gaps: { dateGap: 5, dayGap: 7 },
    });
  });
});

describe('period navigation', () => {
  it('steps months across years', () => {
    expect(shiftPeriod('month', '202601', -1, GAP1)).toBe('202512');
    expect(shiftPeriod('month', '202512', 1, GAP1)).toBe('202601');
    expect(shiftPeriod('month', '202608', -14, GAP1)).toBe('202506');
  });

  it('steps months that start on the 5th', () => {
    expect(shiftPeriod('month', '202601', -1, GAP5)).toBe('202512');
    expect(shiftPeriod('month', '202612', 1, GAP5)).toBe('202701');
    // The book month 202608 runs from 5 August to 4 September.
    expect(periodDays('month', '202608', GAP5)).toEqual({ first: { y: 2026, m: 8, d: 5, h: 0 }, last: { y: 2026, m: 9, d: 4, h: 0 } });
  });

  it('steps years and stops at the ends of the calendar', () => {
    expect(shiftPeriod('year', '2026', 1, GAP1)).toBe('2027');
    expect(shiftPeriod('year', '2026', -1, GAP5)).toBe('2025');
    expect(shiftPeriod('year', '1969', -1, GAP1)).toBeUndefined();
    expect(shiftPeriod('month', '202613', 1, GAP1)).toBeUndefined();
  });

  it('reads a period from the URL only when it names one', () => {
    expect(parsePeriod('month', '202608', GAP1)).toBe('202608');
    expect(parsePeriod('month', '2026', GAP1)).toBeUndefined();
    expect(parsePeriod('year', '2026', GAP1)).toBe('2026');
    expect(parsePeriod('month', null, GAP1)).toBeUndefined();
    expect(parsePeriod('month', '202600', GAP1)).toBeUndefined();
  });

  it('names the current period in the book zone and month start', () => {
    const cal = { timeZone: 'Asia/Shanghai', gaps: GAP5 };
    // 3 September 2026 at noon in Shanghai is still in the book month that began on 5 August.
    const t = Date.UTC(2026, 8, 3, 4);
    expect(currentPeriod('month', cal, t)).toBe('202608');
    expect(currentPeriod('month', { ...cal, gaps: GAP1 }, t)).toBe('202609');
    // 2 January 2027 is still in the book year 2026 when months start on the 5th.
    expect(currentPeriod('year', cal, Date.UTC(2027, 0, 2, 4))).toBe('2026');
  });

  it('switches between month and year', () => {
    expect(switchUnit('year', 'month', '202608', '202611', GAP1)).toBe('2026');
    expect(switchUnit('year', 'month', '202601', '202611', GAP5)).toBe('2026');
    // From the current year: the current month; from an earlier year: its last month.
    expect(switchUnit('month', 'year', '2026', '202611', GAP1)).toBe('202611');
    expect(switchUnit('month', 'year', '2025', '202611', GAP1)).toBe('202512');
    expect(switchUnit('month', 'month', '202608', '202611', GAP1)).toBe('202608');
  });
});
