/**
 * Reading a cell's amount and time the way people's files write them: after Excel has
 * resaved them, with currency signs, thousands separators, Chinese dates and the rest.
 * Converters use only these, so every format reads "¥1,234.50" and "2024/1/2 9:05" alike.
 */
import type { DateFormat } from './types.ts';

export interface Amount {
  /** -1 when the text says the amount is negative (a minus sign, or accounting's parentheses). */
  sign: -1 | 1;
  /** The magnitude, a decimal with two places ("1234.50"). */
  value: string;
}

const CURRENCY_MARKS = /^(?:CNY|RMB|USD|EUR|HKD|JPY|GBP)|(?:CNY|RMB|USD|EUR|HKD|JPY|GBP|元)$|[¥￥$€£\s\u00a0]/gi;

/** An amount as a file writes it, or undefined when it is not one (or has more than two decimals that are not zeros). */
export function parseAmount(text: string): Amount | undefined {
  let t = text.trim().replace(CURRENCY_MARKS, '');
  let sign: -1 | 1 = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1).trim();
  }
  if (t.startsWith('-') || t.startsWith('−')) {
    sign = sign === 1 ? -1 : 1;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  t = t.replace(CURRENCY_MARKS, '');
  // Thousands separators only where they group three digits: "1,234.5" yes, "1,2" no.
  if (/,|，/.test(t)) {
    if (!/^\d{1,3}([,，]\d{3})+(\.\d*)?$/.test(t)) return undefined;
    t = t.replace(/[,，]/g, '');
  }
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m?.[1]) return undefined;
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return undefined;
  const whole = m[1].replace(/^0+(?=\d)/, '');
  if (whole.length > 13) return undefined;
  return { sign, value: `${whole}.${decimals.padEnd(2, '0')}` };
}

/** Whether an amount is zero ("0.00"). */
export function isZero(a: Amount): boolean {
  return /^0+\.00$/.test(a.value);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function valid(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (y < 1970 || y > 2999 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function fullYear(y: string): number {
  const n = Number(y);
  // Two-digit years: 70-99 are the 1900s, the rest this century (QIF's "1/2'24").
  return y.length <= 2 ? (n >= 70 ? 1900 + n : 2000 + n) : n;
}

const TIME = String.raw`(?:[ T]+(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2})(?:\.\d+)?)?)?`;
const ZONE = String.raw`\s*(Z|[+-]\d{2}:?\d{2})?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?${TIME}${ZONE}$`);
const COMPACT = new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?${ZONE}$`);
const OTHER_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.'](\d{2}|\d{4})${TIME}$`);

/**
 * A date or date-time as a file writes it, as `YYYY-MM-DDTHH:mm:ss` (with the file's
 * offset when it gives one); undefined when it is not a real date. Year-first dates are
 * read whatever `format` says; day-first or month-first ones need `format` to tell them
 * apart ('auto' reads them month-first only when the day is over 12, and refuses the rest).
 */
export function parseLocalTime(text: string, format: DateFormat = 'auto'): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  let parts: (string | undefined)[] | undefined;
  let y: number;
  let mo: number;
  let d: number;
  const ymd = YEAR_FIRST.exec(t) ?? COMPACT.exec(t);
  if (ymd) {
    parts = ymd.slice(4);
    y = Number(ymd[1]);
    mo = Number(ymd[2]);
    d = Number(ymd[3]);
  } else {
    const o = OTHER_FIRST.exec(t);
    if (!o?.[1] || !o[2] || !o[3]) return undefined;
    const a = Number(o[1]);
    const b = Number(o[2]);
    let order = format;
    if (order === 'auto' || order === 'YMD') {
      if (a > 12 && b <= 12) order = 'DMY';
      else if (b > 12 && a <= 12) order = 'MDY';
      else return undefined;
    }
    [mo, d] = order === 'DMY' ? [b, a] : [a, b];
    y = fullYear(o[3]);
    parts = [...o.slice(4), undefined];
  }
  const [h = '0', mi = '0', s = '0', zone] = parts.map((p) => p ?? undefined);
  const hh = Number(h);
  const mm = Number(mi);
  const ss = Number(s);
  if (!valid(y, mo, d, hh, mm, ss)) return undefined;
  const local = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(hh)}:${pad(mm)}:${pad(ss)}`;
  if (!zone) return local;
  if (zone === 'Z') return `${local}+00:00`;
  const z = zone.replace(':', '');
  return `${local}${z.slice(0, 3)}:${z.slice(3)}`;
}
