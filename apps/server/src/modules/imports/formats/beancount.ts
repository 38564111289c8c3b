/**
 * Beancount ledgers: each transaction (`2024-01-05 * "Payee" "Narration"` and its postings)
 * becomes rows; the other directives (open, balance, price, pad, option, include, ...) record
 * nothing and make no outcome. One money posting (Assets or Liabilities) is the hub every
 * expense and income posting is paid from or into; other money postings are transfers
 * with the hub. docs/imports.md lists the mapping.
 */
import { ascendingLines, categoryPath, compact, problem, skip } from './convert.ts';
import * as D from './decimal.ts';
import type { ImportedRow, Outcome, TextConverter } from './types.ts';
import { parseAmount, parseLocalTime } from './values.ts';

type Root = 'assets' | 'liabilities' | 'equity' | 'income' | 'expenses';

interface Transaction {
  line: number;
  date: string;
  payee: string;
  narration: string;
  meta: Map<string, string>;
  postings: { account: string; rest: string; line: number }[];
}

interface Posting {
  /** Its line: a transaction's second and later rows are told by their posting's line. */
  line: number;
  account: string;
  root: Root;
  /** The account without its root ("Assets:Bank:CMB" → ["Bank", "CMB"]). */
  names: string[];
  units: D.Decimal;
  currency?: string;
  /** What it weighs in the balance: units, or units at their price or cost. */
  weight: D.Decimal;
  weightCurrency?: string;
  /** Whether the weight is a price's or cost's, in places the file did not write. */
  converted: boolean;
  /** Whether it holds units at a cost (shares), which are worth their weight rather than their count. */
  costed: boolean;
}

/** A posting as written: without units and weight when it leaves its amount to the balance. */
type Written = Omit<Posting, 'units' | 'weight'> & Partial<Pick<Posting, 'units' | 'weight'>>;

const DATED = /^(\d{4}[-/]\d{2}[-/]\d{2})\s+(\S+)(.*)$/;
const CURRENCY = String.raw`[A-Z][A-Z0-9'._-]*`;
const NUMBER = String.raw`[-+]?(?:\d[\d,]*)?\.?\d*`;
const UNITS = new RegExp(`^(${NUMBER})\\s*(${CURRENCY})?$`);
const POSTING = /^(?:[*!&#?%PSTCURM]\s+)?([A-Z\p{L}][^\s:]*(?::[^\s:]+)+)(?:\s+(.*))?$/u;
/** Transaction-level metadata that carry the source's own id of the trade (double-entry-generator writes orderId). */
const ID_KEYS = ['id', 'txid', 'orderId'];
/** Metadata with a time of day, or a whole date-time ("2023-01-18 10:17:29 +0800 CST"). */
const TIME_KEYS = ['time', 'payTime', 'datetime'];

/** Quoted strings of a header, with their escapes undone; what follows the last is tags, links or a comment. */
function strings(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push((m[1] ?? '').replace(/\\(.)/g, '$1'));
  return out;
}

function roots(text: string): Map<string, Root> {
  const names = new Map<string, Root>([
    ['Assets', 'assets'],
    ['Liabilities', 'liabilities'],
    ['Equity', 'equity'],
    ['Income', 'income'],
    ['Expenses', 'expenses'],
  ]);
  // Ledgers in Chinese often rename the roots: option "name_assets" "资产".
  for (const m of text.matchAll(/^option\s+"name_(assets|liabilities|equity|income|expenses)"\s+"([^"]+)"/gm)) {
    const [, root, name] = m;
    if (root && name) names.set(name, root as Root);
  }
  return names;
}

/** Transactions with their indented lines; other directives and their metadata are passed over. */
function* transactions(text: string): Generator<Transaction | { line: number; badDate: string }, void> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let txn: Transaction | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const t = raw.trim();
    if (!t || t.startsWith(';')) continue;
    if (/^\s/.test(raw)) {
      if (!txn) continue;
      const meta = /^([a-z][A-Za-z0-9_-]*):\s*(.*)$/.exec(t);
      if (meta?.[1]) {
        // Only the transaction's own metadata, above its postings: a posting's is about that posting.
        if (txn.postings.length) continue;
        const value = (meta[2] ?? '').replace(/\s;.*$/, '').trim();
        if (!txn.meta.has(meta[1])) txn.meta.set(meta[1], strings(value)[0] ?? value);
        continue;
      }
      const p = POSTING.exec(t);
      if (p?.[1]) txn.postings.push({ account: p[1], rest: (p[2] ?? '').replace(/;.*$/, '').trim(), line: i + 1 });
      continue;
    }
    if (txn) yield txn;
    txn = undefined;
    const d = DATED.exec(t);
    if (!d?.[1] || !d[2] || !/^(?:txn|[*!&#?%])$/.test(d[2])) continue;
    const date = parseLocalTime(d[1]);
    if (!date) {
      yield { line: i + 1, badDate: d[1] };
      continue;
    }
    const [first, second] = strings((d[3] ?? '').replace(/\s;[^"]*$/, ''));
    const [payee, narration] = second === undefined ? ['', first ?? ''] : [first ?? '', second];
    txn = { line: i + 1, date, payee, narration, meta: new Map(), postings: [] };
  }
  if (txn) yield txn;
}

/** A posting's amount, price and cost; undefined amount when it has none (the balance's), or a problem. */
function posting(p: { account: string; rest: string; line: number }, root: Root): Written | 'bad' {
  const names = p.account.split(':').slice(1);
  const base = { line: p.line, account: p.account, root, names, converted: false, costed: false };
  if (!p.rest) return base;
  const at = p.rest.indexOf('@');
  const price = at === -1 ? undefined : p.rest.slice(at);
  let main = at === -1 ? p.rest : p.rest.slice(0, at);
  const cost = /\{(\{?)([^}]*)\}\}?/.exec(main);
  main = main.replace(/\{\{?[^}]*\}\}?/, '').trim();
  const u = UNITS.exec(main);
  const units = u?.[1] ? D.parseDecimal(u[1]) : undefined;
  if (!units) return 'bad';
  const currency = u?.[2];
  const costAmount = cost?.[2] ? new RegExp(`(${NUMBER}\\d)\\s+(${CURRENCY})`).exec(cost[2]) : null;
  const priceAmount = price ? new RegExp(`^@(@?)\\s*(${NUMBER})\\s*(${CURRENCY})?$`).exec(price.trim()) : null;
  if (price && !priceAmount) return 'bad';
  // A cost or price weighs the units in another currency: per unit, or in total ({{ }} and @@).
  const by = costAmount
    ? { total: cost?.[1] === '{', num: costAmount[1], cur: costAmount[2] }
    : priceAmount
      ? { total: priceAmount[1] === '@', num: priceAmount[2], cur: priceAmount[3] }
      : undefined;
  if (!by?.num) return { ...base, units, currency, weight: units, weightCurrency: currency };
  const rate = D.parseDecimal(by.num);
  if (!rate) return 'bad';
  const weight = by.total ? (D.sign(units) < 0 ? D.neg(D.abs(rate)) : D.abs(rate)) : D.mul(units, rate);
  return { ...base, units, currency, weight, weightCurrency: by.cur, converted: true, costed: Boolean(costAmount) };
}

/** An amount for a row; undefined when it has more places than money has. */
function amountText(a: D.Decimal, converted: boolean): string | undefined {
  return parseAmount(D.toText(D.abs(converted ? D.round2(a) : a)))?.value;
}

function readable(p: Posting): string {
  return p.names.join(':') || p.account;
}

function rowsOf(txn: Transaction, rootNames: Map<string, Root>): Outcome[] {
  const { line } = txn;
  const postings: Posting[] = [];
  let open: Written | undefined;
  for (const raw of txn.postings) {
    const root = rootNames.get(raw.account.split(':')[0] ?? '');
    if (!root) return [problem(line, 'badType', raw.account, raw.account.split(':')[0])];
    const p = posting(raw, root);
    if (p === 'bad') return [problem(line, 'badAmount', raw.account, raw.rest)];
    if (p.units && p.weight) postings.push({ ...p, units: p.units, weight: p.weight });
    else if (open) return [problem(line, 'missingValue', raw.account)];
    else open = p;
  }
  if (open) {
    // The posting without an amount takes what balances the others, when that is one currency.
    const residual = new Map<string | undefined, D.Decimal>();
    for (const p of postings) residual.set(p.weightCurrency, D.add(residual.get(p.weightCurrency) ?? D.ZERO, p.weight));
    const left = [...residual].filter(([, v]) => D.sign(v) !== 0);
    if (left.length > 1) return [problem(line, 'missingValue', open.account)];
    const [currency, sum] = left[0] ?? [postings[0]?.weightCurrency, D.ZERO];
    const units = D.neg(sum);
    postings.push({ ...open, units, currency, weight: units, weightCurrency: currency, converted: postings.some((p) => p.converted) });
  }
  if (postings.some((p) => p.root === 'equity')) return [skip(line, 'notRecord')];
  return hubRows(txn, merged(postings));
}

/**
 * One posting a money account and currency: converters write a fee as a second posting of
 * the paying account, which is no transfer of that account to itself.
 */
function merged(postings: readonly Posting[]): Posting[] {
  const out: Posting[] = [];
  for (const p of postings) {
    const isMoney = (q: Posting) => (q.root === 'assets' || q.root === 'liabilities') && !q.converted;
    const same = isMoney(p) ? out.find((q) => isMoney(q) && q.account === p.account && q.currency === p.currency) : undefined;
    if (same) {
      same.units = D.add(same.units, p.units);
      same.weight = D.add(same.weight, p.weight);
    } else out.push({ ...p });
  }
  return out;
}

function hubRows(txn: Transaction, postings: Posting[]): Outcome[] {
  const { line } = txn;
  const money = postings.filter((p) => p.root === 'assets' || p.root === 'liabilities');
  const flows = postings.filter((p) => p.root === 'income' || p.root === 'expenses');
  const hub = money.reduce<Posting | undefined>((best, p) => (!best || D.compareAbs(p.weight, best.weight) > 0 ? p : best), undefined);
  if (!hub) return flows.length ? [problem(line, 'missingValue', 'Assets/Liabilities')] : [skip(line, 'empty')];
  const time = timeOf(txn);
  if (typeof time !== 'string') return [time];
  const base = { time, remark: txn.narration, counterparty: txn.payee };
  const rows: { at: number; row: Omit<ImportedRow, 'line'> }[] = [];
  for (const f of flows) {
    const amount = amountText(f.weight, f.converted);
    if (amount === undefined) return [problem(line, 'badAmount', f.account, D.toText(f.weight))];
    if (/^0+\.00$/.test(amount)) continue;
    const paid = D.sign(f.weight) > 0;
    // An expense posting's minus is money back (a refund); an income posting's plus is income given back.
    const type: ImportedRow['type'] = f.root === 'expenses' ? (paid ? 'Expense' : 'Refund') : paid ? 'Expense' : 'Income';
    const category = categoryPath(f.names);
    rows.push({
      at: f.line,
      row: { ...base, type, amount, currency: f.weightCurrency, account: readable(hub), category, merchant: txn.payee },
    });
  }
  for (const m of money) {
    if (m === hub) continue;
    const row = transfer(m, hub, money.length === 2 && flows.length === 0);
    if (!row) return [problem(line, 'badAmount', m.account, D.toText(m.units))];
    if (row !== 'zero') rows.push({ at: m.line, row: { ...base, ...row, type: 'Transfer' } });
  }
  if (!rows.length) return [skip(line, 'empty')];
  // Staging keeps one outcome a line, and a repeated id marks a repeat: the first row is the
  // transaction's line and id, the others their posting's line and the id numbered.
  const id = ID_KEYS.map((k) => txn.meta.get(k)).find(Boolean);
  rows.sort((x, y) => x.at - y.at);
  return rows.map(({ at, row }, i) => compact({ ...row, line: i ? at : line, externalId: id && i ? `${id}/${i + 1}` : id }));
}

/**
 * A transfer between a money posting and the hub. Alone with the hub, each side says its
 * own amount (a currency exchange's toAmount); among others, the posting's weight moves.
 */
function transfer(
  m: Posting,
  hub: Posting,
  pair: boolean,
): Pick<ImportedRow, 'amount' | 'currency' | 'account' | 'toAccount' | 'toAmount'> | 'zero' | undefined {
  const sends = D.sign(m.weight) < 0;
  const [from, to] = sends ? [m, hub] : [hub, m];
  if (!pair) {
    const amount = amountText(m.converted ? m.weight : m.units, m.converted);
    if (amount === undefined) return undefined;
    const currency = m.converted ? m.weightCurrency : m.currency;
    return /^0+\.00$/.test(amount) ? 'zero' : { amount, currency, account: readable(from), toAccount: readable(to) };
  }
  const own = (p: Posting) =>
    p.costed
      ? { amount: amountText(p.weight, true), currency: p.weightCurrency }
      : { amount: amountText(p.units, false), currency: p.currency };
  const sent = own(from);
  const received = own(to);
  if (sent.amount === undefined || received.amount === undefined) return undefined;
  if (/^0+\.00$/.test(sent.amount)) return 'zero';
  const toAmount = received.currency !== sent.currency || received.amount !== sent.amount ? received.amount : undefined;
  return { amount: sent.amount, currency: sent.currency, account: readable(from), toAccount: readable(to), toAmount };
}

/** The day, with a time of day from its metadata when it has one. */
function timeOf(txn: Transaction): string | Outcome {
  for (const key of TIME_KEYS) {
    const value = txn.meta.get(key);
    if (!value) continue;
    const day = txn.date.slice(0, 10);
    // Go's time format ends with the zone's name after its offset: "+0800 CST".
    const text = /^\d{1,2}:\d{2}/.test(value) ? `${day} ${value}` : value.replace(/\s+[A-Z]{2,5}$/, '');
    return parseLocalTime(text) ?? problem(txn.line, 'badDate', key, value);
  }
  return txn.date;
}

export const beancount: TextConverter = {
  source: 'beancount',
  sniff: (text) =>
    /^\d{4}[-/]\d{2}[-/]\d{2}\s+(?:txn|[*!]|open|close|balance|pad|price|note|document|event|commodity|custom|query)(?:\s|$)/m.test(text),
  *parse(text) {
    const rootNames = roots(text);
    const outcomes = function* () {
      for (const t of transactions(text)) {
        if ('badDate' in t) yield problem(t.line, 'badDate', 'date', t.badDate);
        else yield* rowsOf(t, rootNames);
      }
    };
    yield* ascendingLines(outcomes());
  },
};
