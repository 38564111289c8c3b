/**
 * OFX bank and card statements, 1.x (SGML: leaf elements have no closing tag, `KEY:value`
 * header lines) and 2.x (XML). Every STMTTRN of every bank (STMTRS) or card (CCSTMTRS)
 * statement is a row; investment statements are not read. docs/imports.md lists the mapping.
 */
import { ascendingLines, compact, currencyCode, isOutcome, lineIndex, problem, requireAmount } from './convert.ts';
import type { Outcome, TextConverter } from './types.ts';
import { parseLocalTime } from './values.ts';

/** An aggregate element: its leaf values by tag (the first of each) and its child aggregates. */
interface Node {
  tag: string;
  /** Offset of its opening tag, for the line a record starts on. */
  at: number;
  leaves: Map<string, string>;
  children: Node[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Closes the aggregate at `i`. Any element opened above it and never closed was an empty
 * SGML leaf (`<MEMO>` with nothing after it) taken for an aggregate: what it gathered
 * belongs to its parent.
 */
function closeTo(stack: Node[], i: number): void {
  for (let j = stack.length - 1; j > i; j--) {
    const node = stack[j];
    const parent = stack[j - 1];
    if (!node || !parent) continue;
    parent.children.splice(parent.children.indexOf(node), 1, ...node.children);
    for (const [k, v] of node.leaves) if (!parent.leaves.has(k)) parent.leaves.set(k, v);
  }
  stack.length = i;
}

/**
 * Reads OFX's elements into a tree. A tag followed by text is a leaf (SGML never closes it;
 * XML's closing tag is passed over); a tag followed by another tag opens an aggregate, which
 * both versions close. A stray closing tag closes up to its aggregate, as SGML parsers do.
 */
export function parseOfxTree(text: string): Node {
  const root: Node = { tag: '', at: 0, leaves: new Map(), children: [] };
  const stack: Node[] = [root];
  const tag = /<(\/?)([A-Za-z0-9_.]+)(?:\s[^>]*)?(\/?)>|<[?!][^>]*>/g;
  let lastLeaf = '';
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const name = m[2]?.toUpperCase();
    if (!name) continue; // <?xml ...?>, <?OFX ...?>, <!-- ... -->
    const top = stack[stack.length - 1] ?? root;
    if (m[1]) {
      if (name === lastLeaf) {
        lastLeaf = '';
        continue;
      }
      const i = stack.map((n) => n.tag).lastIndexOf(name);
      if (i > 0) closeTo(stack, i);
      lastLeaf = '';
      continue;
    }
    lastLeaf = '';
    if (m[3]) continue; // <TAG/>: empty, says nothing
    const next = text.indexOf('<', tag.lastIndex);
    const value = text.slice(tag.lastIndex, next === -1 ? undefined : next).trim();
    if (value) {
      if (!top.leaves.has(name)) top.leaves.set(name, decode(value));
      lastLeaf = name;
    } else {
      const node: Node = { tag: name, at: m.index, leaves: new Map(), children: [] };
      top.children.push(node);
      stack.push(node);
    }
  }
  return root;
}

function* findAll(node: Node, tags: readonly string[]): Generator<Node, void> {
  for (const child of node.children) {
    if (tags.includes(child.tag)) yield child;
    else yield* findAll(child, tags);
  }
}

function find(node: Node, tag: string): Node | undefined {
  for (const found of findAll(node, [tag])) return found;
  return undefined;
}

/** An offset in hours as OFX writes it ("+8", "-5", "5.5", "+5.30") as ±HH:MM. */
function zoneOffset(text: string): string | undefined {
  const m = /^([+-]?)(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m?.[2]) return undefined;
  const frac = m[3] ?? '';
  // "5.5" is five and a half hours; "5.30" and "5.45" are minutes, as OFX files write India and Nepal.
  const minutes = frac.length === 2 ? Number(frac) : Math.round(Number(`0.${frac || '0'}`) * 60);
  if (Number(m[2]) > 14 || minutes > 59) return undefined;
  return `${m[1] === '-' ? '-' : '+'}${m[2].padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** OFX's datetime: YYYYMMDD[HHMMSS[.XXX]][[offset[:zone name]]]; undefined when unreadable. */
export function ofxTime(text: string): string | undefined {
  const m = /^(\d{8}(?:\d{4}(?:\d{2})?)?)(?:\.\d{1,3})?\s*(?:\[([^\]:]*)(?::[^\]]*)?\])?$/.exec(text.trim());
  if (!m?.[1]) return undefined;
  let zone = '';
  if (m[2] !== undefined) {
    const z = zoneOffset(m[2]);
    if (!z) return undefined;
    zone = z;
  }
  return parseLocalTime(`${m[1]}${zone}`);
}

/** Amounts as OFX writes them; some European banks use a decimal comma ("-12,50"). */
function ofxAmount(text: string): string {
  return /^[+-]?\d+,\d{1,2}$/.test(text.trim()) ? text.replace(',', '.') : text;
}

function transaction(trn: Node, lineOf: (offset: number) => number, account: string | undefined, curdef: string | undefined): Outcome {
  const line = lineOf(trn.at);
  const get = (tag: string) => trn.leaves.get(tag) ?? '';
  const posted = get('DTPOSTED') || get('DTUSER');
  if (!posted) return problem(line, 'missingValue', 'DTPOSTED');
  const time = ofxTime(posted);
  if (!time) return problem(line, 'badDate', get('DTPOSTED') ? 'DTPOSTED' : 'DTUSER', posted);
  const amount = requireAmount(ofxAmount(get('TRNAMT')), line, 'TRNAMT');
  if (isOutcome(amount)) return amount;
  // CURRENCY says the amount is in another currency than the statement's; ORIGCURRENCY only
  // says what it was before the bank converted it into the statement's.
  const own = find(trn, 'CURRENCY')?.leaves.get('CURSYM');
  const name = get('NAME') || find(trn, 'PAYEE')?.leaves.get('NAME') || '';
  return compact({
    line,
    type: amount.sign < 0 ? 'Expense' : 'Income',
    time,
    amount: amount.value,
    currency: (own && currencyCode(own)) || curdef,
    account,
    remark: get('MEMO'),
    merchant: name,
    counterparty: name,
    externalId: get('FITID'),
  });
}

function accountName(statement: Node): string | undefined {
  const from = find(statement, 'BANKACCTFROM') ?? find(statement, 'CCACCTFROM');
  if (!from) return undefined;
  const id = from.leaves.get('ACCTID') ?? '';
  const bank = from.leaves.get('BANKID') ?? '';
  return [bank, id].filter(Boolean).join(' ') || undefined;
}

/** Every STMTTRN of every bank or card statement, with that statement's account and currency. */
function* statements(text: string): Generator<Outcome, void> {
  const lineOf = lineIndex(text);
  const tree = parseOfxTree(text);
  for (const statement of findAll(tree, ['STMTRS', 'CCSTMTRS'])) {
    const account = accountName(statement);
    const curdef = currencyCode(statement.leaves.get('CURDEF') ?? '');
    const list = find(statement, 'BANKTRANLIST');
    if (!list) continue;
    for (const trn of findAll(list, ['STMTTRN'])) yield transaction(trn, lineOf, account, curdef);
  }
}

export const ofx: TextConverter = {
  source: 'ofx',
  sniff: (text) => /OFXHEADER\s*[:=]/i.test(text.slice(0, 2000)) || /<OFX[\s>]/i.test(text),
  parse: (text) => ascendingLines(statements(text)),
};
