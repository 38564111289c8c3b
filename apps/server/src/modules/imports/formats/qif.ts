/**
 * QIF (Quicken Interchange Format): `!Type:` blocks of records, one field a line (its first
 * letter says which), each record ended by `^`; `!Account` records name the account of the
 * blocks after them. Bank, cash, card and other asset/liability blocks are read; the lists
 * (categories, classes, memorised payees, prices) are not records; investment records are
 * skipped. docs/imports.md lists the mapping.
 */
import { ascendingLines, categoryPath, compact, isOutcome, problem, requireAmount, skip } from './convert.ts';
import type { DateFormat, ImportedRow, Outcome, TextConverter } from './types.ts';
import { parseLocalTime } from './values.ts';

/** The blocks that hold money records. */
const MONEY_TYPES = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l']);
/** Lists and settings, which name things but record nothing. */
const LISTS = new Set(['cat', 'class', 'memorized', 'prices', 'security', 'invoice', 'template', 'budget', 'tag', 'payee']);

interface Field {
  code: string;
  value: string;
  line: number;
}

interface QifRecord {
  line: number;
  fields: Field[];
}

interface Split {
  /** The line of its S: staging keeps one outcome a line, so a record's later splits are told by theirs. */
  line: number;
  category: string;
  memo: string;
  amount: string;
}

/** The split lines (S, E, $) in order: each S starts a split; E and $ fill the latest. */
function splitsOf(fields: readonly Field[]): Split[] {
  const splits: Split[] = [];
  for (const f of fields) {
    if (f.code === 'S') splits.push({ line: f.line, category: f.value, memo: '', amount: '' });
    const last = splits[splits.length - 1];
    if (!last) continue;
    if (f.code === 'E') last.memo = f.value;
    if (f.code === '$') last.amount = f.value;
  }
  return splits;
}

/**
 * A category field: `Parent:Child/Class`, or `[Account]` (a transfer with that account,
 * maybe with its own `/Class`). Quicken's class is the nearest thing to a project.
 */
function categoryOf(text: string): { category?: string; transferTo?: string; project?: string } {
  const slash = text.indexOf('/', text.startsWith('[') ? text.indexOf(']') + 1 : 0);
  const name = (slash === -1 ? text : text.slice(0, slash)).trim();
  const project = slash === -1 ? undefined : text.slice(slash + 1).trim() || undefined;
  const bracket = /^\[(.*)\]$/.exec(name);
  if (bracket) return { transferTo: bracket[1]?.trim() || undefined, project };
  return { category: categoryPath(name.split(':')), project };
}

/** QIF writes dates with spaces for padding (" 1/ 2'24"); the ambiguous ones need the user's format. */
function qifTime(text: string, format: DateFormat): string | undefined {
  return parseLocalTime(text.replace(/\s+/g, ''), format);
}

function moneyRows(rec: QifRecord, account: string | undefined, format: DateFormat): Outcome[] {
  const get = (code: string) => rec.fields.find((f) => f.code === code)?.value ?? '';
  const line = rec.line;
  const date = get('D');
  if (!date) return [problem(line, 'missingValue', 'D')];
  const time = qifTime(date, format);
  if (!time) return [problem(line, 'badDate', 'D', date)];
  const payee = get('P');
  const memo = get('M');
  const splits = splitsOf(rec.fields);
  // A split record is one row a split, each with its own category and amount (the total's T
  // is their sum); a plain record is one row.
  const parts = splits.length
    ? splits.map((s, i) => ({ at: i ? s.line : line, text: s.amount, column: '$', category: s.category, memo: s.memo || memo }))
    : [{ at: line, text: get('T') || get('U'), column: get('T') || !get('U') ? 'T' : 'U', category: get('L'), memo }];
  const out: Outcome[] = [];
  for (const part of parts) {
    const amount = requireAmount(part.text, line, part.column);
    if (isOutcome(amount)) {
      if (amount.kind === 'problem') return [amount];
      continue;
    }
    const { category, transferTo, project } = categoryOf(part.category);
    const base = { line: part.at, time, amount: amount.value, remark: part.memo, project, counterparty: payee };
    let row: ImportedRow;
    if (transferTo !== undefined) {
      // Money out of this account goes to the bracketed one; money in comes from it.
      const [from, to] = amount.sign < 0 ? [account, transferTo] : [transferTo, account];
      row = { ...base, type: 'Transfer', account: from, toAccount: to };
    } else {
      row = { ...base, type: amount.sign < 0 ? 'Expense' : 'Income', account, category, merchant: payee };
    }
    out.push(compact(row));
  }
  return out.length ? out : [skip(line, 'empty')];
}

/** Splits the text into blocks' records, with the line each record starts on. */
function* records(text: string): Generator<{ header: string; rec: QifRecord }, void> {
  let header = '';
  let rec: QifRecord | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const t = raw.trim();
    if (!t) continue;
    if (t.startsWith('!')) {
      if (rec) yield { header, rec };
      rec = undefined;
      header = t.slice(1).trim();
      continue;
    }
    if (t === '^') {
      if (rec) yield { header, rec };
      rec = undefined;
      continue;
    }
    rec ??= { line: i + 1, fields: [] };
    rec.fields.push({ code: t.charAt(0).toUpperCase(), value: t.slice(1).trim(), line: i + 1 });
  }
  if (rec) yield { header, rec };
}

/** Every record's outcomes; `!Account` records set the account of the blocks after them. */
function* outcomes(text: string, format: DateFormat): Generator<Outcome, void> {
  let account: string | undefined;
  for (const { header, rec } of records(text)) {
    const h = header.toLowerCase();
    if (h === 'account') {
      // The account list; the last one named before a block is that block's account.
      account = rec.fields.find((f) => f.code === 'N')?.value || account;
      continue;
    }
    if (h.startsWith('option') || h.startsWith('clear')) continue;
    const type = h.startsWith('type:') ? h.slice(5).trim() : '';
    if (MONEY_TYPES.has(type)) yield* moneyRows(rec, account, format);
    else if (LISTS.has(type)) continue;
    else if (type === 'invst') yield skip(rec.line, 'notRecord');
    else yield problem(rec.line, 'badType', header ? `!${header}` : '!Type');
  }
}

export const qif: TextConverter = {
  source: 'qif',
  sniff: (text) => /^\s*!(?:Type:|Account|Option:)/i.test(text.replace(/^\uFEFF/, '')),
  parse: (text, options) => ascendingLines(outcomes(text, options.dateFormat ?? 'auto')),
};
