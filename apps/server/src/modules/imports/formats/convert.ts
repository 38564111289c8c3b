/**
 * Small pieces the history converters (随手记, mapped sheets, OFX, QIF, Beancount) share,
 * so each reports the same problem the same way.
 */
import type { ImportedRow, Outcome, RowProblem, SkipReason } from './types.ts';
import { isZero, parseAmount, type Amount } from './values.ts';

export function problem(line: number, kind: RowProblem, column: string, value?: string): Outcome {
  return value === undefined || value === ''
    ? { kind: 'problem', line, problem: kind, column }
    : { kind: 'problem', line, problem: kind, column, value };
}

export function skip(line: number, reason: SkipReason): Outcome {
  return { kind: 'skip', line, reason };
}

/**
 * A required amount: the amount, or the outcome that stands for the row instead (missing,
 * unreadable, or zero, which moves nothing).
 */
export function requireAmount(text: string, line: number, column: string): Amount | Outcome {
  if (!text) return problem(line, 'missingValue', column);
  const amount = parseAmount(text);
  if (!amount) return problem(line, 'badAmount', column, text);
  if (isZero(amount)) return skip(line, 'empty');
  return amount;
}

export function isOutcome(x: Amount | Outcome): x is Outcome {
  return 'kind' in x;
}

/** A row with its empty names dropped: absent rather than '' (types.ts: absent when the file has none). */
export function compact(row: ImportedRow): Outcome {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (v !== undefined && v !== '') out[k] = v;
  return { kind: 'row', row: out as unknown as ImportedRow };
}

/** Joins a category path of any depth into the book's two levels: its last two names. */
export function categoryPath(names: readonly string[]): string | undefined {
  const parts = names.map((n) => n.trim()).filter(Boolean);
  return parts.length ? parts.slice(-2).join('/') : undefined;
}

const CURRENCY_NAMES: Record<string, string> = {
  人民币: 'CNY',
  美元: 'USD',
  港币: 'HKD',
  港元: 'HKD',
  欧元: 'EUR',
  日元: 'JPY',
  英镑: 'GBP',
  澳门元: 'MOP',
  澳门币: 'MOP',
  新台币: 'TWD',
  台币: 'TWD',
  韩元: 'KRW',
  澳元: 'AUD',
  加元: 'CAD',
  新加坡元: 'SGD',
  瑞士法郎: 'CHF',
  泰铢: 'THB',
};

/** A currency as a file names it, as ISO 4217; undefined when it names none we know (the account's then). */
export function currencyCode(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (/^[A-Za-z]{3}$/.test(t)) return t.toUpperCase() === 'RMB' ? 'CNY' : t.toUpperCase();
  return CURRENCY_NAMES[t.replace(/[()（）\s]/g, '')];
}

/** 1-based line numbers of a text's offsets, for text formats that report where a record starts. */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * Outcomes with lines that only grow: staging keys each outcome by its line, and a text
 * format may put several records on one line (an OFX written without line breaks). A line
 * not past the one before becomes the next number.
 */
export function* ascendingLines(outcomes: Iterable<Outcome>): Generator<Outcome, void> {
  let last = 0;
  for (const o of outcomes) {
    const line = o.kind === 'row' ? o.row.line : o.line;
    if (line > last) {
      last = line;
      yield o;
      continue;
    }
    last += 1;
    yield o.kind === 'row' ? { kind: 'row', row: { ...o.row, line: last } } : { ...o, line: last };
  }
}
