import {
  ACCOUNTING_PATHS,
  COMMERCE_PATHS,
  CONTENT_PATHS,
  FORUM_PATHS,
  MARKET_PATHS,
  MEMBER_PATHS,
  MESSAGE_PATHS,
  STATISTICS_PATHS,
  TIME_RANGE,
  bookPath,
  cursorOfKind,
  readCursor,
  writeCursor,
  type CursorPart,
} from '@cab/contracts';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, type CallOptions, type TestApp } from './harness.ts';

/**
 * Every paged call, in one list (issue 25): the normal suite sends each a hostile position
 * (`test/paged-calls.test.ts`), the reliability fuzz forges positions for each from real
 * pages (`reliability/fuzz.test.ts`), and a test fails when a route takes a position field
 * this list does not know. A call is listed once per kind of cursor it hands out (the flow
 * by time and by amount, groups of periods and of items, by themselves and by a metric).
 */

/** The request fields that say where a page starts: a route with one of them is a paged call. */
export const POSITION_FIELDS = ['cursor', 'last_id', 'lastId', 'lastCommentTime', 'page', 'page_offset'] as const;

/** What a position field holds: cursor text (forged part by part), or one value of a cursor part's kind, a page or an offset. */
export type PositionKind = 'cursor' | CursorPart | 'page' | 'offset';

/** The data the paged calls page through: more than one page of each. */
export interface PagingWorld {
  owner: { token: string; userid: string };
  bookId: string;
  tid: string;
  templateId: string;
}

type Json = Record<string, unknown>;

export interface PagedCall {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** Whether the call is about the world's book (sent as the Trading-Entity). */
  inBook: boolean;
  /** The first page's request: its query (GET) or body (POST), a page of one or two. */
  first: (w: PagingWorld) => Json;
  /** Where the position travels: beside the other fields, or in the body's `page`. */
  inPage?: boolean;
  /** The next page's position from an answer, as the request sends it; undefined on the last page. */
  next: (answer: Json) => Json | undefined;
  /** What each position field holds. */
  fields: Readonly<Record<string, PositionKind>>;
}

type Page = { paging: Record<string, unknown> };
const paging = (a: Json) => (a as Page).paging;
/** Opaque cursors: `paging.<field>` goes back as `cursor`. */
const cursorFrom =
  (field: string) =>
  (a: Json): Json | undefined => {
    const p = paging(a);
    return p.has_more && typeof p[field] === 'string' ? { cursor: p[field] } : undefined;
  };
const pages = (a: Json): Json | undefined => {
  const p = paging(a);
  return p.has_more ? { page: Number(p.page) + 1 } : undefined;
};
/** A statistics call: the position travels in the body's page, as the cursor or the older clients' offset. */
const statistics = (name: string, url: string, first: PagedCall['first']): PagedCall => ({
  name,
  method: 'POST',
  url,
  inBook: true,
  first,
  inPage: true,
  next: cursorFrom('next_cursor'),
  fields: { cursor: 'cursor', page_offset: 'offset' },
});
const flow = (name: string, sort_by: string, order_by: string) =>
  statistics(name, STATISTICS_PATHS.transactions, () => ({ sort: { sort_by, order_by }, page: { page_size: 1 } }));
const groups = (name: string, group_by: string, sort_by: string) =>
  statistics(name, STATISTICS_PATHS.groups, () => ({ group: { group_by }, sort: { sort_by, order_by: 'DESC' }, page: { page_size: 1 } }));

export const PAGED_CALLS: readonly PagedCall[] = [
  flow('the flow by time', 'ACCOUNT_TIME', 'DESC'),
  flow('the flow by amount', 'AMOUNT', 'ASC'),
  groups('days', 'TIME_DAY', 'GROUP_ID'),
  groups('months by expense', 'TIME_MONTH', 'EXPENSE'),
  groups('categories', 'CATEGORY_SECOND', 'GROUP_ID'),
  groups('categories by count', 'CATEGORY_SECOND', 'COUNT'),
  {
    name: 'threads',
    method: 'GET',
    url: FORUM_PATHS.threads,
    inBook: true,
    first: () => ({ tab: 'top', page_size: 1 }),
    next: cursorFrom('cursor'),
    fields: { cursor: 'cursor' },
  },
  {
    name: 'comments',
    method: 'GET',
    url: FORUM_PATHS.comments,
    inBook: true,
    first: (w) => ({ tid: w.tid, pid: '0', page_size: 1 }),
    next: cursorFrom('cursor'),
    fields: { cursor: 'cursor' },
  },
  {
    name: 'community events',
    method: 'GET',
    url: FORUM_PATHS.events,
    inBook: true,
    first: () => ({ page_size: 1 }),
    next: cursorFrom('cursor'),
    fields: { cursor: 'cursor' },
  },
  {
    name: 'the activity log',
    method: 'GET',
    url: MEMBER_PATHS.activities,
    inBook: true,
    first: () => ({ page_size: 1 }),
    next: cursorFrom('next_cursor'),
    fields: { cursor: 'cursor' },
  },
  {
    name: 'messages',
    method: 'GET',
    url: MESSAGE_PATHS.messages,
    inBook: false,
    first: () => ({ page_size: 1 }),
    next: (a) => (paging(a).has_more ? { last_id: paging(a).last_id } : undefined),
    fields: { last_id: 'id' },
  },
  {
    name: 'template reviews',
    method: 'GET',
    url: MARKET_PATHS.templateReviews,
    inBook: false,
    first: (w) => ({ templateId: w.templateId, pageSize: 1 }),
    next: (a) => {
      const p = paging(a);
      return p.has_more ? { lastCommentTime: p.last_comment_time, lastId: p.last_id } : undefined;
    },
    fields: { lastCommentTime: 'time', lastId: 'id' },
  },
  {
    name: 'contents',
    method: 'POST',
    url: CONTENT_PATHS.contents,
    inBook: false,
    first: () => ({ page_size: 1 }),
    next: pages,
    fields: { page: 'page' },
  },
  {
    name: 'trade records',
    method: 'POST',
    url: COMMERCE_PATHS.orders,
    inBook: false,
    first: () => ({ type: 'all', page_size: 1 }),
    next: cursorFrom('cursor'),
    fields: { cursor: 'cursor' },
  },
  {
    name: 'favourite contents',
    method: 'GET',
    url: CONTENT_PATHS.favouriteContents,
    inBook: false,
    first: () => ({ page_size: 1 }),
    next: pages,
    fields: { page: 'page' },
  },
];

const DAY = 86_400_000;

/**
 * Fixture builder: a book with three expenses in three months, categories and amounts,
 * two threads, three comments by a second member (three messages to the owner), three
 * reviews of a template and two favourite contents, all through the real calls.
 */
export async function buildPagingWorld(t: TestApp): Promise<PagingWorld> {
  const owner = await buildUser(t);
  const other = await buildUser(t);
  const book = await buildBook(t, owner.token);
  await addToBook(t, book.id, other.userid, 'bookkeeper');
  const o = inBook(owner.token, book.id);
  const must = async (what: string, p: Promise<{ statusCode: number; body: string }>) => {
    const res = await p;
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { data: Json & Array<Json> };
  };
  const d = await bookDimensions(t, owner.token, book.id);
  for (const [i, cat] of d.expense.slice(0, 3).entries()) {
    const expense = { account: { id: d.accounts[0]!.id }, category: { id: cat.subs[0] ?? cat.id }, amount: `${i + 1}.50` };
    await must('expense', t.client.post(ACCOUNTING_PATHS.expense, { ...expense, transaction_time: t.clock.now() - i * 40 * DAY }, o));
  }
  const first = await must('thread', t.client.post(FORUM_PATHS.thread, { subject: '第一帖', message: '内容' }, o));
  await must('thread', t.client.post(FORUM_PATHS.thread, { subject: '第二帖', message: '内容' }, o));
  const tid = String(first.data.tid);
  for (const n of [1, 2, 3])
    await must('reply', t.client.post(FORUM_PATHS.reply, { tid, message: `评论 ${n}` }, inBook(other.token, book.id)));
  const templateId = '1004';
  for (const u of [owner, other, await buildUser(t)]) {
    t.clock.advance(5);
    await must('review', t.client.post(MARKET_PATHS.templateReview, { template_id: templateId, content: '好用' }, { token: u.token }));
  }
  const contents = await must('contents', t.client.post(CONTENT_PATHS.contents, { page_size: 2 }, { token: owner.token }));
  for (const c of contents.data) {
    const path = bookPath(CONTENT_PATHS.contentCollect, { contentId: String(c.id), status: '1' });
    await must('collect', t.client.post(path, undefined, { token: owner.token }));
  }
  // Two trade records of the owner: recharge orders as a provider-less recharge leaves them
  // (written here: these suites run no payment provider).
  for (const n of [1, 2]) {
    await t.db
      .insertInto('recharge_orders')
      .values({
        order_no: `R2026010100000000000${n}`,
        user_id: owner.userid,
        amount: '600',
        amount_cny: '600',
        pay_type: 7,
        channel: 'sandbox',
        status: 'failed',
        purchase_order_no: null,
        created_at: new Date(t.clock.now() - n * 1000),
      })
      .execute();
  }
  return { owner, bookId: book.id, tid, templateId };
}

/** Percent-encoding that sends a lone surrogate (which has no UTF-8) as the bytes of one, as a careless client would. */
const encode = (text: string) => [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
/** A query string of fields (objects as JSON, as a careless client would send them). */
const query = (fields: Json) =>
  Object.entries(fields)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`)
    .join('&');

/** Calls a paged call, from its first page or from a position (as sent, however hostile). */
export function callPage(t: TestApp, w: PagingWorld, call: PagedCall, position?: Json, o: CallOptions = {}) {
  const base = call.first(w);
  const options = { ...(call.inBook ? inBook(w.owner.token, w.bookId) : { token: w.owner.token }), ...o };
  if (call.method === 'GET') return t.client.get(`${call.url}?${query({ ...base, ...position })}`, options);
  const body = call.inPage ? { ...base, page: { ...(base.page as Json), ...position } } : { ...base, ...position };
  return t.client.post(call.url, body, options);
}

/** The first page's answer and the position of the next, which must exist. */
export async function realPosition(t: TestApp, w: PagingWorld, call: PagedCall): Promise<Json> {
  const res = await callPage(t, w, call);
  if (res.statusCode !== 200) throw new Error(`${call.name}: ${res.statusCode} ${res.body}`);
  const next = call.next(res.json());
  if (!next) throw new Error(`${call.name}: the first page has no next one: ${res.body}`);
  return next;
}

const BIG_ID = '9223372036854775808';
const HUGE_ID = '99999999999999999999';
/** 1e16 ms: past what JavaScript's Date and PostgreSQL's timestamp hold. */
const FAR_TIME = 1e16;
/** About the year 300000. */
const YEAR_300000 = 9.4e15;

/** Values each kind of position refuses, however they travel (the first). */
export const HOSTILE: Readonly<Record<PositionKind, readonly unknown[]>> = {
  id: [BIG_ID, HUGE_ID, '0', '-1', '01', '1.5', ' 1', '', null],
  idOrNone: [BIG_ID, HUGE_ID, '-1', '00', null],
  time: [FAR_TIME, YEAR_300000, -1, -FAR_TIME, TIME_RANGE.max + 1, 1.5, null, 2 ** 63],
  micros: ['10000000000000000000', BIG_ID, '-1', String((TIME_RANGE.max + 1) * 1000), '1e16', '1.5', ''],
  int64: [BIG_ID, '-9223372036854775809', HUGE_ID, '1.5', '1e5', ''],
  sum: [`1${'0'.repeat(30)}`, '1.5', '1e5', '--1', ''],
  flag: [2, -1, null],
  localTime: [
    '2026-13-01 00:00:00',
    '2026-02-30 00:00:00',
    '0000-01-01 00:00:00',
    '9999-01-01 00:00:00',
    '2026-01-01T00:00:00',
    '2026-01-01 24:00:00',
    FAR_TIME,
  ],
  tradeKey: ['x:R20260101000000000000', 'r:X1', "r:R2026' OR 1=1", `r:R${'9'.repeat(40)}`, 'r:R20260101000000000000:2026-1-1', ''],
  page: [2 ** 31, 10_001, 0, -1, 1.5, FAR_TIME, 'x'],
  offset: [2 ** 31, 10_001, -1, 1.5, FAR_TIME, 'x'],
  cursor: [],
};

/** Values of the right text but the wrong JSON type: refused inside a cursor, where every part has its type. */
export const CONFUSED: Readonly<Partial<Record<PositionKind, readonly unknown[]>>> = {
  id: [1, 1e20],
  idOrNone: [0],
  time: [String(TIME_RANGE.min), '1700000000000'],
  micros: [1_700_000_000_000_000],
  int64: [5],
  sum: [5],
  flag: ['1', true],
  tradeKey: [20260101, ['r:R20260101000000000000']],
};

/** A forged position: what was changed, and the position to send. */
export interface Forged {
  what: string;
  position: Json;
}

/**
 * Positions of a real one's shape with one part hostile at a time: each part of a cursor
 * (re-encoded, of the same kind) and each plain field; and cursors that are not cursors.
 */
export function forge(
  call: PagedCall,
  real: Json,
  values: (kind: PositionKind) => readonly unknown[] = (k) => HOSTILE[k],
  inCursor: (kind: PositionKind) => readonly unknown[] = (k) => [...values(k), ...(CONFUSED[k] ?? [])],
): Forged[] {
  const out: Forged[] = [];
  for (const [field, kind] of Object.entries(call.fields)) {
    const value = real[field];
    if (kind !== 'cursor') {
      for (const v of values(kind)) out.push({ what: `${field}=${JSON.stringify(v)}`, position: { ...real, [field]: v } });
      continue;
    }
    if (typeof value !== 'string') continue;
    const read = readCursor(value);
    const cursor = read && cursorOfKind(read[0]);
    if (!read || !cursor) throw new Error(`${call.name}: a cursor CAB cannot read: ${value}`);
    const [kindName, ...parts] = read;
    const withCursor = (text: string, what: string) => out.push({ what, position: { ...real, [field]: text } });
    for (const [i, part] of cursor.parts.entries())
      for (const v of inCursor(part))
        withCursor(
          writeCursor(
            kindName,
            parts.map((p, j) => (j === i ? v : p)),
          ),
          `${field} part ${i} (${part}) = ${JSON.stringify(v)}`,
        );
    withCursor(writeCursor('other', parts), `${field} of another kind`);
    withCursor(writeCursor(kindName, parts.slice(1)), `${field} with a part missing`);
    withCursor(writeCursor(kindName, [...parts, '1']), `${field} with a part more`);
    withCursor('not base64!', `${field} not base64`);
    withCursor(Buffer.from('hello').toString('base64url'), `${field} not JSON`);
    withCursor(Buffer.from('{"a":1}').toString('base64url'), `${field} JSON of no array`);
    withCursor(`${value}${'A'.repeat(200)}`, `${field} too long`);
    withCursor('', `${field} empty`);
  }
  return out;
}
