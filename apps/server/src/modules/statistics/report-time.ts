import type { Civil } from '@cab/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of a time zone at an instant: its local date, hour, minute, second and millisecond. */
export function wallClock(timeZone: string, ms: number): Civil & { min: number; sec: number; ms: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts.year ?? 1970,
    m: parts.month ?? 1,
    d: parts.day ?? 1,
    h: parts.hour ?? 0,
    min: parts.minute ?? 0,
    sec: parts.second ?? 0,
    ms: ((ms % 1000) + 1000) % 1000,
  };
}

/** The local date and hour of an instant in a time zone. */
export const civilAt = (timeZone: string, ms: number): Civil => {
  const w = wallClock(timeZone, ms);
  return { y: w.y, m: w.m, d: w.d, h: w.h };
};

/** Whether an instant is a local midnight of the zone (a day boundary of its reports). */
export function isLocalMidnight(timeZone: string, ms: number): boolean {
  const w = wallClock(timeZone, ms);
  return w.h === 0 && w.min === 0 && w.sec === 0 && w.ms === 0;
}

/** A local date as `YYYY-MM-DD`. */
export const civilDate = (c: Civil) => `${String(c.y).padStart(4, '0')}-${String(c.m).padStart(2, '0')}-${String(c.d).padStart(2, '0')}`;

/** PostgreSQL's text of a timestamp (`2026-08-05 00:00:00`) as a local date and hour. */
export function parseTimestamp(text: string): Civil {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2})/.exec(text);
  if (!m) throw new Error(`not a timestamp: ${text}`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]), h: Number(m[4]) };
}
