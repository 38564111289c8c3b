/**
 * What the payment apps' bills (Alipay, WeChat Pay) share: '/' for "nothing", ids
 * padded for Excel, a footer of dashes or a count, and the same handling of a row's
 * time and amount.
 */
import { compact, problem, skip } from './convert.ts';
import type { Cells, Outcome } from './types.ts';
import { isZero, parseAmount, parseLocalTime } from './values.ts';

export { problem, skip } from './convert.ts';

/** A cell's text, with the apps' '/' (and '-') for "none" as empty. */
export function text(value: string): string {
  const t = value.trim();
  return t === '/' || t === '-' ? '' : t;
}

/** A trade or order number: no spaces or tabs anywhere (Excel padding), '/' as none. */
export function tradeId(value: string): string {
  return text(value.replace(/\s+/g, ''));
}

/** The bill's end: a line of dashes, or the summary (共12笔记录) some exports put under the table. */
export function isFooter(raw: readonly string[]): boolean {
  const first = raw.find((c) => c !== '') ?? '';
  return /^-{3,}/.test(first) || /^共\s*\d+\s*笔/.test(first);
}

/** The column's name as this file writes it, for a problem's message. */
function columnIn(cells: Cells, names: readonly string[]): string {
  return names.find((n) => cells.has(n)) ?? names[0] ?? '';
}

/** A required time as `YYYY-MM-DDTHH:mm:ss`, or the problem that stands for the row. */
export function timeOf(cells: Cells, names: readonly string[], line: number): string | Outcome {
  const value = cells.get(...names);
  if (!value) return problem(line, 'missingValue', columnIn(cells, names));
  return parseLocalTime(value) ?? problem(line, 'badDate', columnIn(cells, names), value);
}

/**
 * A required amount as a positive decimal, or what stands for the row: a problem, or a
 * skip when it is zero (nothing moved). The bills write every amount unsigned and put
 * the direction in 收/支, so a sign someone typed is dropped rather than trusted.
 */
export function amountOf(cells: Cells, names: readonly string[], line: number): string | Outcome {
  const value = cells.get(...names);
  if (!value) return problem(line, 'missingValue', columnIn(cells, names));
  const amount = parseAmount(value);
  if (!amount) return problem(line, 'badAmount', columnIn(cells, names), value);
  if (isZero(amount)) return skip(line, 'empty');
  return amount.value;
}

export function isOutcome(x: string | Outcome): x is Outcome {
  return typeof x !== 'string';
}

/** A row with its empty fields left out (types.ts: absent when the file has none). */
export const recorded = compact;

/** The parts of a remark that say something, joined by a space. */
export function remarkOf(...parts: string[]): string {
  return parts.map(text).filter(Boolean).join(' ');
}

/** `amount` less `fee` (decimals of two places), or undefined when the fee is not less than it. */
export function lessFee(amount: string, fee: string): string | undefined {
  const cents = (v: string) => BigInt(v.replace('.', ''));
  const rest = cents(amount) - cents(fee);
  if (rest <= 0n || rest === cents(amount)) return undefined;
  const s = rest.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
