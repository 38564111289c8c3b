/**
 * A converter's outcome made fit to stage: its texts cleaned as every text CAB keeps is
 * (no control characters, no direction overrides), names and remarks cut to what a
 * dimension or a record holds, and its amount in minor units within a record's limit.
 */
import {
  AMOUNT_MAX_MINOR,
  DIMENSION_NAME_MAX,
  REMARK_MAX,
  clipGraphemes,
  looksEmpty,
  moneyToMinor,
  stripDirectionControls,
} from '@cab/contracts';
import type { ImportedRow, Outcome } from './formats/types.ts';
import type { Staging } from './imports.repository.ts';

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

function clean(v: string | undefined, max: number, name: boolean): string | undefined {
  if (v === undefined) return undefined;
  const t = stripDirectionControls(v.replace(CONTROL, ' '), name).replace(/\s+/g, ' ').trim();
  if (!t || looksEmpty(t)) return undefined;
  return clipGraphemes(t, max);
}

/** Category paths keep both levels ("parent/child"), each cut to a name's length. */
function cleanCategory(v: string | undefined): string | undefined {
  const t = clean(v, DIMENSION_NAME_MAX * 2 + 1, true);
  if (!t) return undefined;
  const at = t.indexOf('/');
  if (at < 0) return clipGraphemes(t, DIMENSION_NAME_MAX);
  const parent = clean(t.slice(0, at), DIMENSION_NAME_MAX, true);
  const leaf = clean(t.slice(at + 1).replaceAll('/', ' '), DIMENSION_NAME_MAX, true);
  return parent && leaf ? `${parent}/${leaf}` : (parent ?? leaf);
}

/** The row as it is kept: clean texts, absent fields left out. */
export function cleanRow(r: ImportedRow): ImportedRow {
  const name = (v: string | undefined) => clean(v, DIMENSION_NAME_MAX, true);
  const out: ImportedRow = {
    line: r.line,
    type: r.type,
    time: r.time,
    amount: r.amount,
    currency: r.currency && /^[A-Z]{3}$/.test(r.currency) ? r.currency : undefined,
    category: cleanCategory(r.category),
    account: name(r.account),
    toAccount: name(r.toAccount),
    toAmount: r.toAmount,
    remark: clean(r.remark, REMARK_MAX, false),
    member: name(r.member),
    merchant: name(r.merchant),
    project: name(r.project),
    counterparty: clean(r.counterparty, 200, true),
    externalId: clean(r.externalId, 200, false),
    refundOf: clean(r.refundOf, 200, false),
    merchantOrderId: clean(r.merchantOrderId, 200, false),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as unknown as ImportedRow;
}

/** An outcome as staged; a row whose amount is past a record's limit becomes a problem of its line. */
export function toStaging(o: Outcome): Staging {
  if (o.kind === 'skip') return { line: o.line, kind: 'skip', data: { reason: o.reason }, time: null, amountMinor: null, externalId: null };
  if (o.kind === 'problem') {
    const data = { problem: o.problem, column: clean(o.column, 100, false) ?? '', value: clean(o.value, 100, false) ?? '' };
    return { line: o.line, kind: 'problem', data, time: null, amountMinor: null, externalId: null };
  }
  const row = cleanRow(o.row);
  const minor = moneyToMinor(row.amount);
  const toMinor = row.toAmount === undefined ? 0n : moneyToMinor(row.toAmount);
  if (minor > AMOUNT_MAX_MINOR || toMinor > AMOUNT_MAX_MINOR || minor <= 0n) {
    const data = { problem: 'badAmount', column: '', value: row.amount };
    return { line: row.line, kind: 'problem', data, time: null, amountMinor: null, externalId: null };
  }
  return { line: row.line, kind: 'row', data: row, time: row.time, amountMinor: minor.toString(), externalId: row.externalId ?? null };
}
