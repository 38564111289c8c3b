import { ACCOUNTING_PATHS, BOOK_PATHS, ErrorCode, LIVE_PATHS, STATISTICS_PATHS, TIME_RANGE, bookPath } from '@cab/contracts';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from './harness.ts';

/**
 * Every number a client sends is range-checked before SQL (issue 25): each contract's ids
 * within bigint and numbers within bounds, and through HTTP the ids and times that
 * answered 500 before, each now 400 `{code, message}` with nothing changed. Paging
 * positions are tested in paged-calls.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BIG_ID = '9223372036854775808';
const HUGE_ID = '99999999999999999999';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional', 'prefault']);

/** The fields a schema holds, by path: objects and arrays are walked into, and unions of objects. */
function leaves(s: z.ZodType, path: string, out: Array<{ path: string; schema: z.ZodType }>) {
  const d = defOf(s);
  if (WRAPPERS.has(d.type)) return leaves(d.innerType!, path, out);
  if (d.type === 'object') {
    for (const [k, v] of Object.entries(d.shape ?? {})) leaves(v, `${path}.${k}`, out);
    return;
  }
  if (d.type === 'array') return leaves(d.element!, `${path}[]`, out);
  const options = d.options ?? [];
  if (d.type === 'union' && options.every((o) => defOf(o).type === 'object')) {
    for (const o of options) leaves(o, path, out);
    return;
  }
  out.push({ path, schema: s });
}

const accepts = (s: z.ZodType, v: unknown) => s.safeParse(v).success;
/** Beyond these, no number of a client's means anything: past the time range, or below what an int4 holds. */
const OUT_OF_BOUNDS = [TIME_RANGE.max + 1, 9e15, 1e16, 2 ** 53, 2 ** 63, -(2 ** 31) - 1, -1e16];
const A_TIME = 1_700_000_000_000;

describe('every contract a route reads', () => {
  it('bounds its numbers and keeps its ids within bigint', () => {
    const wrong: string[] = [];
    for (const r of t.built.routes) {
      for (const [part, schema] of [
        ['path', r.params],
        ['query', r.query],
        ['body', r.body],
      ] as const) {
        if (!schema) continue;
        const fields: Array<{ path: string; schema: z.ZodType }> = [];
        leaves(schema, part, fields);
        for (const f of fields) {
          const where = `${r.method} ${r.url} ${f.path}`;
          // A number (or a query's number as text): bounded, and below 2^31 unless it is a time.
          if ([1, 20, A_TIME].some((v) => accepts(f.schema, v)) && !['unknown', 'any'].includes(defOf(f.schema).type)) {
            const bounds = accepts(f.schema, A_TIME) ? OUT_OF_BOUNDS : [...OUT_OF_BOUNDS, 2 ** 31];
            for (const v of bounds) if (accepts(f.schema, v)) wrong.push(`${where} takes ${v}`);
          }
          // An id as text (it takes "1" but not "x"): within bigint.
          if (accepts(f.schema, '1') && !accepts(f.schema, 'x'))
            for (const v of [BIG_ID, HUGE_ID, `-${BIG_ID}1`]) if (accepts(f.schema, v)) wrong.push(`${where} takes ${v}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('ids and times past their range, through HTTP', () => {
  let token: string;
  let bookId: string;
  let account: string;
  let category: string;
  beforeAll(async () => {
    const u = await buildUser(t);
    token = u.token;
    bookId = (await buildBook(t, token)).id;
    const d = await bookDimensions(t, token, bookId);
    account = d.accounts[0]!.id;
    category = d.expense[0]!.subs[0] ?? d.expense[0]!.id;
  });
  const expectBad = (res: { statusCode: number; body: string }, message?: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body) as { code: number; message: string };
    expect(body.code).toBe(ErrorCode.VALIDATION);
    if (message) expect(body.message).toBe(message);
    else expect(body.message).toMatch(/\S/);
  };
  const count = async (table: 'transactions' | 'book_budgets') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('book_id', '=', bookId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a book id past bigint as the Trading-Entity, in a path, or as the book the live stream watches', async () => {
    for (const id of [BIG_ID, HUGE_ID, '9999999999999999999']) {
      expectBad(await t.client.get(BOOK_PATHS.currentInfo, inBook(token, id)), '账本信息有误，请重新打开账本');
      expectBad(await t.client.get(`${LIVE_PATHS.stream}?book_id=${id}`, { token }));
      expectBad(await t.client.patch(bookPath(BOOK_PATHS.update, { bookId: id }), { name: '改名' }, { token }));
      expectBad(await t.client.get(bookPath(ACCOUNTING_PATHS.image, { bookId: id, id }), { token }));
      expectBad(await t.client.get(bookPath(ACCOUNTING_PATHS.image, { bookId, id }), { token }));
    }
  });

  it('a dimension group past bigint, in every statistics call', async () => {
    for (const path of Object.values(STATISTICS_PATHS).filter((p) => p !== STATISTICS_PATHS.searchBooks))
      for (const group_key of ['ACCOUNT', 'CATEGORY_FIRST', 'MERCHANT', 'RECORDER']) {
        const body = { group_filter: { group_key, group_id: BIG_ID }, group: { group_by: 'TIME_MONTH' } };
        expectBad(await t.client.post(path, body, inBook(token, bookId)), `分组编号 ${BIG_ID} 不正确`);
      }
  });

  it('times past the range in every statistics call, and its last millisecond taken', async () => {
    for (const path of Object.values(STATISTICS_PATHS).filter((p) => p !== STATISTICS_PATHS.searchBooks)) {
      const call = (query: Record<string, number>, locale?: string) =>
        t.client.post(path, { query, group: { group_by: 'CATEGORY_FIRST' } }, { ...inBook(token, bookId), ...(locale ? { locale } : {}) });
      for (const v of [TIME_RANGE.max + 1, 8.7e15, 9e15, 1e16, -1]) {
        expectBad(await call({ start_time: v }), '开始时间须在 1970 年至 2999 年之间');
        expectBad(await call({ end_time: v }), '结束时间须在 1970 年至 2999 年之间');
      }
      expectBad(await call({ end_time: 1e16 }, 'en'), 'End time must be between the years 1970 and 2999');
      const edge = await call({ start_time: TIME_RANGE.min, end_time: TIME_RANGE.max });
      expect(edge.statusCode, edge.body).toBe(200);
    }
  });

  it('an image id past bigint, and a transaction time past the range, record nothing', async () => {
    const before = await count('transactions');
    const expense = { account: { id: account }, category: { id: category }, amount: '1' };
    for (const images of [
      [BIG_ID],
      [`/cab-accounting-ws/v2/image/${BIG_ID}/${BIG_ID}`],
      [`/cab-accounting-ws/v2/image/${bookId}/${HUGE_ID}`],
    ])
      expectBad(await t.client.post(ACCOUNTING_PATHS.expense, { ...expense, images }, inBook(token, bookId)));
    for (const transaction_time of [9e15, 1e16, TIME_RANGE.max + 1])
      expectBad(await t.client.post(ACCOUNTING_PATHS.expense, { ...expense, transaction_time }, inBook(token, bookId)));
    expect(await count('transactions')).toBe(before);
  });

  it('a budget period past the range is refused, and adds no budget', async () => {
    const get = (start: number) =>
      t.client.get(`/cab-config-ws/account-book/subjects/Book/${bookId}/budgets?start_time=${start}`, inBook(token, bookId));
    for (const v of [TIME_RANGE.max + 1, 1e16, -1, -62e12]) expectBad(await get(v));
    expect((await get(-28800)).statusCode).toBe(200);
    expect((await get(TIME_RANGE.max)).statusCode).toBe(200);
    const add = bookPath('/cab-config-ws/account-book/subjects/budgets/:type/:id/:budget_type/:recurrence_type', {
      type: 'Book',
      id: bookId,
      budget_type: 'Expense',
      recurrence_type: 'Month',
    });
    for (const start_time of [8.7e15, -8.7e15, -62e12, TIME_RANGE.max + 1])
      expectBad(await t.client.post(add, { budget_amount: '10', start_time }, inBook(token, bookId)), '开始时间须在 1970 年至 2999 年之间');
    expect(await count('book_budgets')).toBe(0);
  });
});
