/** Books are reported in the user's time zone (the Device header), China's by default. */
const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

function validZone(tz: string | undefined): string {
  if (!tz) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(tz: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** Local midnight of a date in a zone, as an instant. */
function zonedStart(tz: string, year: number, month0: number): Date {
  const guess = Date.UTC(year, month0, 1);
  const first = guess - offsetMinutes(tz, new Date(guess)) * 60_000;
  // Once more at the found instant: the offset may differ across a daylight-saving change.
  return new Date(guess - offsetMinutes(tz, new Date(first)) * 60_000);
}

/** The instants a month (yyyymm) starts and ends in the time zone. */
export function monthRange(month: string, timeZone?: string): { from: Date; to: Date } {
  const tz = validZone(timeZone);
  const year = Number(month.slice(0, 4));
  const m0 = Number(month.slice(4, 6)) - 1;
  return { from: zonedStart(tz, year, m0), to: zonedStart(tz, m0 === 11 ? year + 1 : year, (m0 + 1) % 12) };
}
