import type { GroupItem } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { dayTotals, groupByDay, monthsOf } from './grouping.ts';

const row = (id: string, iso: string) => ({ id, transaction_time: Date.parse(iso) });
const GAP1 = { dateGap: 1, dayGap: 1 };

describe('grouping a flow by day', () => {
  it('groups newest-first rows by the book month and local day, in order', () => {
    const rows = [
      row('5', '2026-09-02T10:00:00+08:00'),
      row('4', '2026-09-01T09:00:00+08:00'),
      row('3', '2026-09-01T08:00:00+08:00'),
      row('2', '2026-08-31T23:59:00+08:00'),
      row('1', '2026-07-15T12:00:00+08:00'),
    ];
    const months = groupByDay(rows, 'Asia/Shanghai', GAP1);
    expect(months.map((m) => m.id)).toEqual(['202609', '202608', '202607']);
    expect(months[0]!.days.map((d) => [d.id, d.rows.map((r) => r.id)])).toEqual([
      ['20260902', ['5']],
      ['20260901', ['4', '3']],
    ]);
    expect(months[1]!.days[0]!.date).toEqual({ y: 2026, m: 8, d: 31, h: 0 });
    expect(monthsOf(months)).toEqual(['202609', '202608', '202607']);
  });

  it('uses the book time zone: late evening in Shanghai is not the next day in UTC', () => {
    const rows = [row('2', '2026-08-16T00:30:00+08:00'), row('1', '2026-08-15T23:30:00+08:00')];
    expect(groupByDay(rows, 'Asia/Shanghai', GAP1)[0]!.days.map((d) => d.id)).toEqual(['20260816', '20260815']);
    // The same instants in UTC fall on one day, the 15th.
    expect(groupByDay(rows, 'UTC', GAP1)[0]!.days.map((d) => d.id)).toEqual(['20260815']);
  });

  it('follows the book month start: the 4th belongs to the month before', () => {
    const rows = [row('2', '2026-09-05T10:00:00+08:00'), row('1', '2026-09-04T10:00:00+08:00')];
    const months = groupByDay(rows, 'Asia/Shanghai', { dateGap: 5, dayGap: 1 });
    expect(months.map((m) => m.id)).toEqual(['202609', '202608']);
  });

  it('shows a row once when a refetch moved it onto the next page too', () => {
    const rows = [row('2', '2026-09-02T10:00:00Z'), row('1', '2026-09-01T10:00:00Z'), row('1', '2026-09-01T10:00:00Z')];
    expect(groupByDay(rows, 'UTC', GAP1).flatMap((m) => m.days.flatMap((d) => d.rows.map((r) => r.id)))).toEqual(['2', '1']);
  });

  it('reads day totals from a TIME_DAY rollup by day id', () => {
    const groups: GroupItem[] = [
      {
        group_info: { group_key: 'TIME_DAY', group_id: '20260901', group_name: '2026-09-01' },
        metric_data: [{ key: 'EXPENSE', value: '12.50' }],
      },
    ];
    expect(dayTotals(groups).get('20260901')).toEqual([{ key: 'EXPENSE', value: '12.50' }]);
    expect(dayTotals(undefined).size).toBe(0);
  });
});
