import {
  ACCOUNTING_PATHS,
  BOOK_PATHS,
  GROUP_KEYS,
  STATISTICS_PATHS,
  bookPath,
  isTimeGroupKey,
  minorToMoney,
  periodBounds,
  periodId,
  periodsBetween,
  type GroupKey,
  type Metric,
  type TimeGroupKey,
} from '@cab/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { flow, groups, loadModel, localCivil, totals, wireMetrics, type Filter, type ModelBook } from '../../../test/statistics-model.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
});
afterAll(() => t.close());

/** Zones with daylight saving, half-hour offsets and the date line. */
const ZONES = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'America/St_Johns',
  'UTC',
];
const WORDS = ['早餐', '咖啡', '地铁', 'Taxi', '超市', '房租', '书'];
const FROM = Date.UTC(2024, 0, 1);
const SPAN = Date.UTC(2026, 10, 1) - FROM;
const HOUR = 3_600_000;

/** A record the test writes; indexes pick among the book's items (-1: none where allowed). */
const record = fc.record({
  kind: fc.constantFrom('Expense', 'Expense', 'Expense', 'Income', 'Transfer', 'Balance_Changed', 'Refund', 'Loan'),
  // Hour boundaries (local ones too, in whole-hour zones), a millisecond either side, or anywhere.
  time: fc.oneof(
    fc
      .integer({ min: 0, max: Math.floor(SPAN / HOUR) })
      .chain((h) => fc.constantFrom(FROM + h * HOUR, FROM + h * HOUR - 1, FROM + h * HOUR + 1)),
    fc.integer({ min: 0, max: SPAN }).map((v) => FROM + v),
  ),
  minor: fc.integer({ min: 1, max: 2_000_000 }),
  negative: fc.boolean(),
  account: fc.nat(20),
  to: fc.nat(20),
  category: fc.nat(60),
  member: fc.integer({ min: -1, max: 6 }),
  merchant: fc.integer({ min: -1, max: 6 }),
  project: fc.integer({ min: -1, max: 6 }),
  word: fc.nat(WORDS.length - 1),
});
type Rec = typeof record extends fc.Arbitrary<infer R> ? R : never;

const bookSpec = fc.record({
  zone: fc.constantFrom(...ZONES),
  dateGap: fc.integer({ min: 1, max: 28 }),
  dayGap: fc.integer({ min: 1, max: 7 }),
  settingsFirst: fc.boolean(),
  records: fc.array(record, { minLength: 15, maxLength: 45 }),
  edits: fc.array(
    fc.record({ which: fc.nat(100), minor: fc.integer({ min: 1, max: 900_000 }), shift: fc.integer({ min: -40, max: 40 }) }),
    {
      maxLength: 4,
    },
  ),
  deletes: fc.array(fc.nat(100), { maxLength: 4 }),
  moveCategory: fc.boolean(),
  /** Which filters the queries use, by index into the list made per book. */
  picks: fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }),
});

const byKey = (list: Metric[]) => Object.fromEntries(list.map((m) => [m.key, m.value]));
const pick = <T>(list: T[], n: number) => list[n % list.length]!;

describe('statistics over randomized books', () => {
  it('every summary, rollup, group page and flow page equals a brute-force count', async () => {
    await fc.assert(
      fc.asyncProperty(bookSpec, async (spec) => {
        const book = await buildBook(t, token, 'family');
        const o = inBook(token, book.id);
        const settings = async () => {
          const r = await t.client.patch(
            bookPath(BOOK_PATHS.update, { bookId: book.id }),
            {
              time_zone: spec.zone,
              date_gap: spec.dateGap,
              day_gap: spec.dayGap,
            },
            { token },
          );
          expect(r.statusCode, r.body).toBe(200);
        };
        if (spec.settingsFirst) await settings();
        const d = await bookDimensions(t, token, book.id);
        await write(o, d, spec.records);
        await change(o, d, book.id, spec);
        // Settings after the records: the day totals are rebuilt in the new zone.
        if (!spec.settingsFirst) await settings();
        const model = await loadModel(t.db, book.id);
        await check(o, model, d, spec.picks);
      }),
      // Two minutes at most: a failure found by then is reported with the smallest book shrunk
      // so far; a busy machine that gets through fewer books than numRuns passes on those it
      // checked rather than failing for being slow.
      { numRuns: Number(process.env.CAB_PROPERTY_RUNS ?? 8), interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false },
    );
  }, 180_000);
});

type Dims = Awaited<ReturnType<typeof bookDimensions>>;

async function write(o: ReturnType<typeof inBook>, d: Dims, records: Rec[]) {
  const cats = { Expense: d.expense.flatMap((c) => [c.id, ...c.subs]), Income: d.income.flatMap((c) => [c.id, ...c.subs]) };
  const label = (list: Array<{ id: string }>, i: number) => (i < 0 || !list.length ? null : { id: pick(list, i).id });
  const list = records.map((r) => {
    const account = { id: pick(d.accounts, r.account).id };
    const common = {
      remark: `${WORDS[r.word]} ${r.minor % 97}`,
      transaction_time: r.time,
      member: label(d.members, r.member),
      merchant: label(d.merchants, r.merchant),
      project: label(d.projects, r.project),
    };
    const amount = minorToMoney(r.minor);
    if (r.kind === 'Transfer') {
      let to = pick(d.accounts, r.to).id;
      if (to === account.id) to = pick(d.accounts, r.to + 1).id;
      return { business_type: 'Transfer', from_account: account, to_account: { id: to }, from_amount: amount, ...common };
    }
    if (r.kind === 'Balance_Changed') return { business_type: r.kind, account, amount: r.negative ? `-${amount}` : amount, ...common };
    const tree = r.kind === 'Income' ? cats.Income : cats.Expense;
    const category = r.kind === 'Loan' ? undefined : { id: pick(tree, r.category) };
    return { business_type: r.kind, account, ...(category ? { category } : {}), amount, ...common };
  });
  const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, o);
  expect(res.statusCode, res.body).toBe(201);
}

/** Edits, deletes and a category deleted with its records moved: every write path of the day totals. */
interface Changes {
  edits: Array<{ which: number; minor: number; shift: number }>;
  deletes: number[];
  moveCategory: boolean;
}

async function change(o: ReturnType<typeof inBook>, d: Dims, bookId: string, spec: Changes) {
  const ids = await t.db
    .selectFrom('transactions')
    .select(['id', 'business_type'])
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  for (const e of spec.edits) {
    const row = pick(ids, e.which);
    const patch: Record<string, unknown> = {};
    const current = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: row.id }), o);
    const time = current.json().data.transaction_time as number;
    patch.transaction_time = time + e.shift * HOUR;
    if (row.business_type === 'Transfer') patch.from_amount = minorToMoney(e.minor);
    else if (row.business_type !== 'Balance_Changed') patch.amount = minorToMoney(e.minor);
    const r = await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id: row.id }), patch, o);
    expect(r.statusCode, r.body).toBe(200);
  }
  const gone = [...new Set(spec.deletes.map((i) => pick(ids, i).id))];
  if (gone.length) {
    const r = await t.client.delete(ACCOUNTING_PATHS.remove, { ids: gone }, o);
    expect(r.statusCode, r.body).toBe(204);
  }
  if (spec.moveCategory) {
    const [from, to] = [d.expense[0]!, d.expense[1]!];
    const r = await t.client.delete(
      `${bookPath(`${ACCOUNTING_PATHS.categories}/:id`, { id: from.id })}?move_to=${to.subs[0] ?? to.id}`,
      undefined,
      o,
    );
    expect(r.statusCode, r.body).toBe(204);
  }
}

/** The first instant of a local date in a zone: where the local calendar turns to it. */
function localMidnight(zone: string, y: number, m: number, day: number): number {
  const target = `${y}${String(m).padStart(2, '0')}${String(day).padStart(2, '0')}00`;
  const id = (ms: number) => periodId('TIME_HOUR', localCivil(zone, ms));
  let lo = Date.UTC(y, m - 1, day) - 15 * HOUR;
  let hi = Date.UTC(y, m - 1, day) + 15 * HOUR;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (id(mid) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

async function check(o: ReturnType<typeof inBook>, model: ModelBook, d: Dims, picks: number[]) {
  const r0 = model.rows[picks[0]! % Math.max(model.rows.length, 1)];
  const filters: Filter[] = [{}];
  if (r0) {
    const c = localCivil(model.timeZone, r0.time);
    for (const key of ['TIME_YEAR', 'TIME_QUARTER', 'TIME_MONTH', 'TIME_WEEK', 'TIME_DAY', 'TIME_HOUR'] as const) {
      filters.push({ group_filter: { group_key: key, group_id: periodId(key, c, model.gaps) } });
    }
    // Whole local days (the day totals can answer) and an arbitrary range (they cannot).
    const start = localMidnight(model.timeZone, c.y, c.m, c.d);
    const later = new Date(Date.UTC(c.y, c.m - 1, c.d + 40));
    const end = localMidnight(model.timeZone, later.getUTCFullYear(), later.getUTCMonth() + 1, later.getUTCDate()) - 1;
    filters.push(
      { query: { start_time: start, end_time: end } },
      { query: { start_time: r0.time - 7 * 86_400_000 + 1234, end_time: r0.time + 1 } },
    );
  }
  const first = d.expense[1]!;
  filters.push(
    { query: { category_types: ['Expense'] } },
    { query: { category_types: ['Expense', 'Income'], exclude_null_category: true } },
    { query: { category_ids: [first.id] } },
    { query: { category_ids: ['0', first.subs[0] ?? first.id] } },
    { query: { account_ids: [pick(d.accounts, picks[1]!).id] } },
    { query: { member_ids: ['0', pick(d.members, picks[2]!).id] } },
    { query: { keyword: pick(WORDS, picks[3]!) } },
    { query: { keyword: d.accounts[0]!.name.slice(0, 1) } },
    { group_filter: { group_key: 'ACCOUNT', group_id: pick(d.accounts, picks[4]!).id } },
    { group_filter: { group_key: 'MERCHANT', group_id: '0' }, query: { category_types: ['Expense'] } },
    { group_filter: { group_key: 'CATEGORY_FIRST', group_id: first.id } },
  );

  for (const f of filters) {
    const s = await t.client.post(STATISTICS_PATHS.summaries, f, o);
    expect(s.statusCode, s.body).toBe(200);
    expect(byKey(s.json().data.metric_data), JSON.stringify(f)).toEqual(wireMetrics(totals(model, f)));
  }
  for (const [i, key] of (GROUP_KEYS as readonly GroupKey[]).entries()) {
    for (const n of [picks[5 + i * 2]!, picks[6 + i * 2]!]) {
      const f = pick(filters, n);
      const res = await t.client.post(STATISTICS_PATHS.rollupGroups, { group: { group_by: key }, ...f }, o);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Array<{ group_info: { group_id: string }; metric_data: Metric[] }>; metric_data: Metric[] };
      const expected = groups(model, f, key);
      const got = Object.fromEntries(body.data.map((g) => [g.group_info.group_id, byKey(g.metric_data)]));
      const want = Object.fromEntries([...expected].map(([id, m]) => [id, wireMetrics(m)]));
      expect(got, `${key} ${JSON.stringify(f)}`).toEqual(want);
      expect(byKey(body.metric_data)).toEqual(wireMetrics(totals(model, f)));
    }
  }
  await checkShowAll(o, model, filters);
  await checkPaging(o, model, filters, picks);
}

/** show_all lists every period of the range: the data's periods and the empty ones. */
async function checkShowAll(o: ReturnType<typeof inBook>, model: ModelBook, filters: Filter[]) {
  for (const f of filters.filter(
    (x) => x.group_filter && isTimeGroupKey(x.group_filter.group_key) && x.group_filter.group_key !== 'TIME_HOUR',
  )) {
    const outer = f.group_filter!.group_key as TimeGroupKey;
    const inner: TimeGroupKey =
      outer === 'TIME_YEAR' ? 'TIME_MONTH' : outer === 'TIME_QUARTER' ? 'TIME_WEEK' : outer === 'TIME_DAY' ? 'TIME_HOUR' : 'TIME_DAY';
    const res = await t.client.post(STATISTICS_PATHS.rollupGroups, { group: { group_by: inner, show_all: true }, ...f }, o);
    expect(res.statusCode, res.body).toBe(200);
    const b = periodBounds(outer, f.group_filter!.group_id, model.gaps)!;
    const lastHour = new Date(Date.UTC(b.end.y, b.end.m - 1, b.end.d, b.end.h) - HOUR);
    const last = { y: lastHour.getUTCFullYear(), m: lastHour.getUTCMonth() + 1, d: lastHour.getUTCDate(), h: lastHour.getUTCHours() };
    const periods = periodsBetween(inner, b.start, last, model.gaps, 10_000)!;
    const data = groups(model, f, inner);
    const ids = (res.json().data as Array<{ group_info: { group_id: string } }>).map((g) => g.group_info.group_id);
    expect(ids).toEqual([...new Set([...periods, ...data.keys()])].sort());
  }
}

/** Walking every page by cursor gives the brute-force order, each record once. */
async function checkPaging(o: ReturnType<typeof inBook>, model: ModelBook, filters: Filter[], picks: number[]) {
  for (const [sortBy, order] of [
    ['ACCOUNT_TIME', 'DESC'],
    ['AMOUNT', 'DESC'],
    ['ACCOUNT_TIME', 'ASC'],
  ] as const) {
    const f = pick(filters, picks[35]! + order.length + sortBy.length);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const res = await t.client.post(
        STATISTICS_PATHS.transactions,
        { ...f, sort: { sort_by: sortBy, order_by: order }, page: { page_size: 7, ...(cursor ? { cursor } : {}) } },
        o,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Array<{ id: string }>; paging: { has_more: boolean; next_cursor: string | null } };
      seen.push(...body.data.map((x) => x.id));
      if (!body.paging.has_more) break;
      cursor = body.paging.next_cursor!;
    }
    expect(seen, `${sortBy} ${order} ${JSON.stringify(f)}`).toEqual(flow(model, f, sortBy, order));
  }
  // Groups a page at a time follow the rollup's order.
  const key = pick(GROUP_KEYS as readonly GroupKey[] as GroupKey[], picks[36]!);
  const f = pick(filters, picks[37]!);
  const all = await t.client.post(STATISTICS_PATHS.rollupGroups, { group: { group_by: key }, ...f }, o);
  const want = (all.json().data as Array<{ group_info: { group_id: string } }>).map((g) => g.group_info.group_id);
  const got: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const res = await t.client.post(
      STATISTICS_PATHS.groups,
      { group: { group_by: key }, ...f, page: { page_size: 3, ...(cursor ? { cursor } : {}) } },
      o,
    );
    expect(res.statusCode, res.body).toBe(200);
    got.push(...(res.json().data as Array<{ group_info: { group_id: string } }>).map((g) => g.group_info.group_id));
    if (!res.json().paging.has_more) break;
    cursor = res.json().paging.next_cursor;
  }
  expect(got, `${key} pages`).toEqual(want);
}
