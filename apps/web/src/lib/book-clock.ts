/**
 * One clock per book (docs/statistics.md, "One clock per book"). A record's time is an
 * instant; what a member sees and types is the wall clock of the book's time zone,
 * whatever zone the phone is in, so the flow, the form, search, the activity log,
 * messages and budgets all put a record on the same day at the same time. The phone's
 * own zone is used only for what belongs to no book.
 */

/** A wall-clock time of a zone, to the minute. */
export interface WallTime {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
}

let device: string | undefined;
/** The phone's time zone (IANA name). */
export function deviceZone(): string {
  device ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return device;
}

// Asking Intl whether it knows a zone builds a formatter: once per zone, the answer kept.
const known = new Map<string, boolean>();
/** Whether this browser knows a zone (an unknown one falls back to the phone's). */
export function knownZone(timeZone: string | undefined): timeZone is string {
  if (!timeZone) return false;
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(timeZone, ok);
  }
  return ok;
}

/** The zone to read times in: the book's when this browser knows it, else the phone's. */
export const zoneOr = (timeZone: string | undefined): string => (knownZone(timeZone) ? timeZone : deviceZone());

// Building a DateTimeFormat costs far more than using one: one per zone (and options), kept.
const parts = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  const zone = zoneOr(timeZone);
  let f = parts.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZone: zone,
    });
    parts.set(zone, f);
  }
  return f;
}

function fields(timeZone: string, ms: number): WallTime & { sec: number } {
  const p: Record<string, number> = {};
  for (const x of partsFormatter(timeZone).formatToParts(ms)) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return { y: p.year ?? 1970, m: p.month ?? 1, d: p.day ?? 1, h: (p.hour ?? 0) % 24, min: p.minute ?? 0, sec: p.second ?? 0 };
}

/** The wall clock of a zone at an instant. */
export function wallClock(timeZone: string, ms: number): WallTime {
  const { y, m, d, h, min } = fields(timeZone, ms);
  return { y, m, d, h, min };
}

/** Minutes the zone is ahead of UTC at an instant (+480 for Shanghai). */
export function offsetMinutes(timeZone: string, ms: number): number {
  const f = fields(timeZone, ms);
  const asUtc = Date.UTC(f.y, f.m - 1, f.d, f.h, f.min, f.sec);
  return Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * The instant a zone's wall clock shows a time. A time a daylight-saving change skips
 * is read with the offset before the change (02:30 on a spring-forward night is 03:30);
 * a time that happens twice is its first occurrence.
 */
export function instantOf(timeZone: string, w: WallTime): number {
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min);
  // Two offsets around the guess cover every change: try the earlier instant first.
  const before = offsetMinutes(timeZone, asUtc - 86_400_000);
  const after = offsetMinutes(timeZone, asUtc + 86_400_000);
  const candidates = [asUtc - Math.max(before, after) * 60_000, asUtc - Math.min(before, after) * 60_000];
  for (const t of candidates) {
    const back = wallClock(timeZone, t);
    if (back.y === w.y && back.m === w.m && back.d === w.d && back.h === w.h && back.min === w.min) return t;
  }
  return asUtc - before * 60_000;
}

/** The first instant of a day of the zone (its midnight, or the first time it has). */
export const dayStart = (timeZone: string, w: Pick<WallTime, 'y' | 'm' | 'd'>): number =>
  instantOf(timeZone, { y: w.y, m: w.m, d: w.d, h: 0, min: 0 });

/** The zone's date at an instant ("today" of a book). */
export function dayOf(timeZone: string, ms: number): Pick<WallTime, 'y' | 'm' | 'd'> {
  const { y, m, d } = wallClock(timeZone, ms);
  return { y, m, d };
}

/** Whether two instants fall on the same day of the zone. */
export function sameDay(timeZone: string, a: number, b: number): boolean {
  const x = dayOf(timeZone, a);
  const y = dayOf(timeZone, b);
  return x.y === y.y && x.m === y.m && x.d === y.d;
}

/** "+8", "-3:30", "+0": the zone's offset from UTC at an instant, as the book settings write it. */
export function zoneOffset(timeZone: string, ms: number): string {
  const off = offsetMinutes(timeZone, ms);
  const abs = Math.abs(off);
  const mins = abs % 60;
  return `${off < 0 ? '-' : '+'}${Math.floor(abs / 60)}${mins ? `:${String(mins).padStart(2, '0')}` : ''}`;
}

/** "UTC+8", "UTC-3:30", "UTC": the zone's offset at an instant. */
export function zoneLabel(timeZone: string, ms: number): string {
  const off = zoneOffset(timeZone, ms);
  return off === '+0' ? 'UTC' : `UTC${off}`;
}

/**
 * The zone's offset ("+8") when its clock differs from the phone's at that instant, else
 * undefined: two names with the same offset (Shanghai, Hong Kong) show the same time.
 * The texts around it say "UTC+8" in English and "（+8）" in Chinese, as the book settings do.
 */
export function zoneNote(timeZone: string | undefined, ms: number, phone: string = deviceZone()): string | undefined {
  if (!knownZone(timeZone)) return undefined;
  return offsetMinutes(timeZone, ms) === offsetMinutes(phone, ms) ? undefined : zoneOffset(timeZone, ms);
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** An Intl formatter bound to a zone (the phone's when the browser does not know it). */
export function zoneFormat(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zone = zoneOr(timeZone);
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { ...options, timeZone: zone });
    formats.set(key, f);
  }
  return f;
}

/**
 * A Date whose fields in the phone's zone read the book's wall clock, for date pickers
 * that only know the phone's zone; `fromPickerDate` turns the picked fields back.
 */
export function pickerDate(timeZone: string, ms: number): Date {
  const w = wallClock(timeZone, ms);
  return new Date(w.y, w.m - 1, w.d, w.h, w.min);
}

/** The instant a picker's Date names, its phone-zone fields read as the book's wall clock. */
export function fromPickerDate(timeZone: string, d: Date): number {
  return instantOf(timeZone, { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate(), h: d.getHours(), min: d.getMinutes() });
}
