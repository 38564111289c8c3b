import { isTimeGroupKey, type GroupFilter, type GroupKey, type Locale } from '@cab/contracts';
import { FLOW_WORD } from './columns.ts';

/** What no file system takes in a name, and the control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

const day = (f: (ms: number) => string, ms: number) => f(ms).slice(0, 10);

/**
 * What an export covers, for its name: a period of the group filter as people write it
 * ("2024-03", "2024", "2024Q1"), the days of a time range, or else the day of the export.
 */
export function periodPart(
  o: { groupFilter?: GroupFilter | undefined; start?: number | undefined; end?: number | undefined; now: number },
  time: (ms: number) => string,
): string {
  const g = o.groupFilter;
  if (g && isTimeGroupKey(g.group_key as GroupKey)) {
    const id = g.group_id;
    if (g.group_key === 'TIME_MONTH' && /^\d{6}$/.test(id)) return `${id.slice(0, 4)}-${id.slice(4)}`;
    if (g.group_key === 'TIME_DAY' && /^\d{8}$/.test(id)) return `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6)}`;
    return id;
  }
  if (o.start !== undefined && o.end !== undefined) {
    const [a, b] = [day(time, o.start), day(time, o.end)];
    return a === b ? a : `${a}_${b}`;
  }
  return day(time, o.now);
}

/** RFC 5987's attr-char: what encodeURIComponent leaves, but ' ( ) and *. */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The download's Content-Disposition: "家庭账本-流水-2024-03.xlsx" as a UTF-8 filename*,
 * with a plain ASCII name for the rare client that reads only `filename`.
 */
export function contentDisposition(bookName: string, period: string, ext: string, locale: Locale): string {
  const book = bookName.replace(UNSAFE, '_').trim();
  const name = `${book ? `${book}-` : ''}${FLOW_WORD[locale]}-${period}.${ext}`;
  const ascii = `flow-${period}.${ext}`.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}
