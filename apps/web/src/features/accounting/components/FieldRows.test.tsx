import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldRows, formatTime } from './FieldRows.tsx';

afterEach(cleanup);

// 2026-11-25 15:04 UTC: 23:04 in Shanghai, the day before midnight there.
const AT = Date.UTC(2026, 10, 25, 15, 4);
const NOW = Date.UTC(2026, 10, 25, 16, 0);
const phone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// A book zone whose clock is not the phone's, whatever zone the tests run in.
const offsetAt = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(AT).find((p) => p.type === 'timeZoneName')
    ?.value;
const BOOK = offsetAt(phone) === 'GMT+8' ? 'America/New_York' : 'Asia/Shanghai';

describe("the record form's time", () => {
  it("is written on the book's clock, with the year only outside the book's current year", () => {
    expect(formatTime(AT, 'Asia/Shanghai', NOW)).toBe('11月25日 23:04');
    expect(formatTime(AT, 'UTC', NOW)).toBe('11月25日 15:04');
    // 16:30 UTC on New Year's Eve is already 1 January in Shanghai: another year there.
    expect(formatTime(Date.UTC(2026, 11, 31, 16, 30), 'Asia/Shanghai', NOW)).toBe('2027年1月1日 00:30');
    expect(formatTime(Date.UTC(2026, 11, 31, 16, 30), 'UTC', NOW)).toBe('12月31日 16:30');
  });

  it("names the book's zone beside the time where it is not the phone's", () => {
    const rows = (timeZone: string) =>
      render(
        <FieldRows
          tab="Expense"
          selection={{}}
          errors={{}}
          time={AT}
          timeZone={timeZone}
          remark=""
          onPick={() => undefined}
          onTime={() => undefined}
          onRemark={() => undefined}
        />,
      );
    rows(BOOK);
    expect(screen.getByTestId('rec-time-value').textContent).toContain(formatTime(AT, BOOK));
    expect(screen.getByTestId('rec-time-zone').textContent).toBe(BOOK === 'Asia/Shanghai' ? '账本时区（+8）' : '账本时区（-5）');
    cleanup();
    rows(phone);
    expect(screen.queryByTestId('rec-time-zone')).toBeNull();
  });
});
