import { ACCOUNTING_PATHS, BOOK_PATHS, ErrorCode, STATISTICS_PATHS, bookPath, periodId, type Metric } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startTestApp,
  type BookDimensions,
  type TestApp,
} from '../../../test/harness.ts';
import { localCivil } from '../../../test/statistics-model.ts';

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
const AUG_15 = Date.UTC(2026, 7, 15, 4); // 12:00 in Shanghai

beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
  const acc = (i: number) => ({ id: d.accounts[i]!.id });
  const list = [
    {
      business_type: 'Expense',
      account: acc(0),
      category: { id: d.expense[0]!.subs[0] },
      amount: '12.50',
      remark: '早餐 100%_off',
      transaction_time: AUG_15,
    },
    {
      business_type: 'Expense',
      account: acc(0),
      category: { id: d.expense[0]!.subs[1] },
      amount: '30.00',
      remark: '午饭',
      transaction_time: AUG_15 + 3_600_000,
      member: { id: d.members[1]!.id },
    },
    {
      business_type: 'Income',
      account: acc(1),
      category: { id: d.income[0]!.subs[0] },
      amount: '8000',
      remark: '工资',
      transaction_time: AUG_15 - 86_400_000,
    },
    {
      business_type: 'Transfer',
      from_account: acc(0),
      to_account: acc(1),
      from_amount: '100',
      remark: '',
      transaction_time: AUG_15 + 7_200_000,
    },
    {
      business_type: 'Expense',
      account: acc(1),
      category: { id: d.expense[1]!.subs[0] },
      amount: '99.99',
      remark: '早餐 咖啡',
      transaction_time: Date.UTC(2026, 8, 2, 4),
    },
  ];
  const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, inBook(token, bookId));
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

const o = (locale?: string) => ({ ...inBook(token, bookId), ...(locale ? { locale } : {}) });
const metrics = (list: Metric[]) => Object.fromEntries(list.map((m) => [m.key, m.value]));
const post = (path: string, body: unknown, locale?: string) => t.client.post(path, body, o(locale));

describe('the statistics calls', () => {
  it('summarise a month: transfers count neither as expense nor income', async () => {
    const res = await post(STATISTICS_PATHS.summaries, { group_filter: { group_key: 'TIME_MONTH', group_id: '202608' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(metrics(body.metric_data)).toEqual({
      EXPENSE: '42.50',
      INCOME: '8000.00',
      BALANCE: '7957.50',
      TRANSFER: '100.00',
      INFLOW: '8100.00',
      OUTFLOW: '142.50',
      AMOUNT: '8142.50',
      COUNT: '4',
    });
    // August in Shanghai: from 1 August 00:00 (UTC+8) to the last millisecond of the 31st.
    expect(body.start_time).toBe(Date.UTC(2026, 6, 31, 16));
    expect(body.end_time).toBe(Date.UTC(2026, 7, 31, 16) - 1);
  });

  it('answers every group key, with names, "none" groups and totals over all groups', async () => {
    const res = await post(STATISTICS_PATHS.rollupGroups, { group: { group_by: 'MEMBER' }, query: { category_types: ['Expense'] } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((g: { group_info: { group_name: string } }) => g.group_info.group_name)).toEqual(['无成员', d.members[1]!.name]);
    expect(metrics(body.metric_data).EXPENSE).toBe('142.49');
    const en = await post(STATISTICS_PATHS.rollupGroups, { group: { group_by: 'MEMBER' }, query: { category_types: ['Expense'] } }, 'en');
    expect(en.json().data[0].group_info.group_name).toBe('No member');
    for (const key of [
      'TIME_YEAR',
      'TIME_QUARTER',
      'TIME_WEEK',
      'TIME_DAY',
      'TIME_HOUR',
      'CATEGORY_FIRST',
      'CATEGORY_SECOND',
      'ACCOUNT',
      'PROJECT',
      'MERCHANT',
      'RECORDER',
    ]) {
      const r = await post(STATISTICS_PATHS.rollupGroups, { group: { group_by: key } });
      expect(r.statusCode, `${key}: ${r.body}`).toBe(200);
      expect(r.json().data.length, key).toBeGreaterThan(0);
    }
    const weeks = await post(STATISTICS_PATHS.rollupGroups, { group: { group_by: 'TIME_WEEK' } });
    expect(weeks.json().data.map((g: { group_info: { group_id: string } }) => g.group_info.group_id)).toEqual(['2026W33', '2026W36']);
  });

  it("follows the book's month start and week start", async () => {
    const settings = await t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), { date_gap: 15, day_gap: 7 }, { token });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data).toMatchObject({ date_gap: 15, day_gap: 7, time_zone: 'Asia/Shanghai' });
    const months = await post(STATISTICS_PATHS.rollupGroups, { group: { group_by: 'TIME_MONTH' }, query: { category_types: ['Expense'] } });
    // 15 August starts month 202608; the 2 September record is still in it.
    expect(months.json().data.map((g: { group_info: { group_id: string } }) => g.group_info.group_id)).toEqual(['202608']);
    const weeks = await post(STATISTICS_PATHS.rollupGroups, { group: { group_by: 'TIME_WEEK' }, query: { category_types: ['Income'] } });
    // 14 August 2026 is a Friday; weeks starting on Sunday put it in the week of 9 August.
    expect(weeks.json().data[0].group_info).toMatchObject({ group_id: '2026W32', start_time: Date.UTC(2026, 7, 8, 16) });
    await t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), { date_gap: 1, day_gap: 1 }, { token });
  });

  it("lists the flow newest first a page at a time, with the account's own movement in the account scene", async () => {
    const first = await post(STATISTICS_PATHS.transactions, { page: { page_size: 2 } });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.data.map((x: { remark: string }) => x.remark)).toEqual(['早餐 咖啡', '']);
    expect(page1.paging.has_more).toBe(true);
    const second = await post(STATISTICS_PATHS.transactions, { page: { page_size: 2, cursor: page1.paging.next_cursor } });
    expect(second.json().data.map((x: { remark: string }) => x.remark)).toEqual(['午饭', '早餐 100%_off']);
    const account = await post(STATISTICS_PATHS.transactions, {
      query: { account_ids: [d.accounts[1]!.id] },
      extend: { scene: 'Account' },
    });
    const flows = account.json().data.map((x: { business_type: string; flow_amount: string }) => [x.business_type, x.flow_amount]);
    expect(flows).toEqual([
      ['Expense', '-99.99'],
      ['Transfer', '100.00'],
      ['Income', '8000.00'],
    ]);
  });

  it('shows each record of the flow as the record itself is shown: names, parent category, member, accounts, recorder', async () => {
    const page = (await post(STATISTICS_PATHS.transactions, { page: { page_size: 50 } })).json().data as Array<Record<string, unknown>>;
    expect(page).toHaveLength(5);
    for (const { flow_amount: _flow, ...row } of page) {
      const one = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: String(row.id) }), inBook(token, bookId));
      expect(one.statusCode, one.body).toBe(200);
      expect(row).toEqual(one.json().data);
    }
    expect(page.some((r) => (r.member as { name: string } | null)?.name)).toBe(true);
    expect(page.some((r) => (r.category as { parent_name: string | null } | null)?.parent_name)).toBe(true);
  });

  it('finds a keyword in remarks (taken literally) and in names', async () => {
    const literal = await post(STATISTICS_PATHS.transactions, { query: { keyword: '100%_' } });
    expect(literal.json().data.map((x: { remark: string }) => x.remark)).toEqual(['早餐 100%_off']);
    const word = await post(STATISTICS_PATHS.summaries, { query: { keyword: '早餐' } });
    expect(metrics(word.json().data.metric_data).COUNT).toBe('2');
    const byName = await post(STATISTICS_PATHS.summaries, { query: { keyword: d.accounts[1]!.name } });
    expect(metrics(byName.json().data.metric_data).COUNT).toBe('3');
  });

  it('answers the search tags, most used first, under their headings', async () => {
    const res = await post(STATISTICS_PATHS.searchTags, { limit: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const tags = res.json().data;
    expect(tags.find((x: { group_key: string }) => x.group_key === 'ACCOUNT')).toMatchObject({
      group_name: '账户',
      label: d.accounts[0]!.name,
      count: 3,
    });
    expect(new Set(tags.map((x: { group_key: string }) => x.group_key)).size).toBe(tags.length);
  });

  it("searches every book of the caller and nobody else's", async () => {
    const other = await buildUser(t);
    const theirs = await buildBook(t, other.token, 'family');
    const od = await bookDimensions(t, other.token, theirs.id);
    await t.client.post(
      ACCOUNTING_PATHS.expense,
      { account: { id: od.accounts[0]!.id }, category: { id: od.expense[0]!.subs[0] }, amount: '1', remark: '早餐 secret' },
      inBook(other.token, theirs.id),
    );
    const mine = await t.client.post(STATISTICS_PATHS.searchBooks, { keyword: '早餐' }, { token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((b: { book_id: string; count: number }) => [b.book_id, b.count])).toEqual([[bookId, 2]]);
    expect(mine.json().data[0].transactions).toHaveLength(2);
    const theirsOnly = await t.client.post(STATISTICS_PATHS.searchBooks, { keyword: 'secret' }, { token });
    expect(theirsOnly.json().data).toEqual([]);
    expect((await t.client.post(STATISTICS_PATHS.searchBooks, { keyword: '早餐' })).statusCode).toBe(401);
  });

  it('gives the dashboard the current month of the book by default', async () => {
    const now = await t.client.post(
      ACCOUNTING_PATHS.expense,
      { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0] }, amount: '7.25', remark: '' },
      o(),
    );
    expect(now.statusCode, now.body).toBe(201);
    const res = await t.client.get(ACCOUNTING_PATHS.monthSummary, o());
    expect(res.statusCode, res.body).toBe(200);
    const month = periodId('TIME_MONTH', localCivil('Asia/Shanghai', t.clock.now()));
    expect(res.json().data).toMatchObject({ month, expense: '7.25', count: 1 });
    const august = await t.client.get(`${ACCOUNTING_PATHS.monthSummary}?month=202608`, o());
    expect(august.json().data).toMatchObject({ month: '202608', expense: '42.50', income: '8000.00', count: 4 });
    await t.client.delete(ACCOUNTING_PATHS.remove, { ids: [now.json().data.id] }, o());
  });

  it('lets every member read and nobody outside the book', async () => {
    const viewer = await buildUser(t);
    await addToBook(t, bookId, viewer.userid, 'viewer');
    expect((await t.client.post(STATISTICS_PATHS.summaries, {}, inBook(viewer.token, bookId))).statusCode).toBe(200);
    const outsider = await buildUser(t);
    const res = await t.client.post(STATISTICS_PATHS.transactions, {}, inBook(outsider.token, bookId));
    expect(res.statusCode).toBe(404);
    expect((await t.client.post(STATISTICS_PATHS.summaries, {}, { headers: { 'trading-entity': bookId } })).statusCode).toBe(401);
    // The report settings are the book's: a viewer may not change them.
    const change = await t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), { time_zone: 'UTC' }, { token: viewer.token });
    expect(change.statusCode).toBe(403);
  });
});

describe('bad input', () => {
  const cases: Array<[string, string, unknown, number, string]> = [
    ['an unknown group key', STATISTICS_PATHS.rollupGroups, { group: { group_by: 'TIME_DECADE' } }, 400, '分组方式不在可选范围内'],
    [
      'a malformed month',
      STATISTICS_PATHS.summaries,
      { group_filter: { group_key: 'TIME_MONTH', group_id: '202613' } },
      400,
      '分组编号 202613 不正确',
    ],
    [
      'a week the year does not have',
      STATISTICS_PATHS.summaries,
      { group_filter: { group_key: 'TIME_WEEK', group_id: '2025W53' } },
      400,
      '分组编号 2025W53 不正确',
    ],
    [
      'a day that does not exist',
      STATISTICS_PATHS.summaries,
      { group_filter: { group_key: 'TIME_DAY', group_id: '20260230' } },
      400,
      '分组编号 20260230 不正确',
    ],
    [
      'a member id that is not an id',
      STATISTICS_PATHS.summaries,
      { group_filter: { group_key: 'MEMBER', group_id: 'abc' } },
      400,
      '分组编号 abc 不正确',
    ],
    ['no account', STATISTICS_PATHS.summaries, { group_filter: { group_key: 'ACCOUNT', group_id: '0' } }, 400, '分组编号 0 不正确'],
    ['start after end', STATISTICS_PATHS.summaries, { query: { start_time: 2000, end_time: 1000 } }, 400, '开始时间不能晚于结束时间'],
    ['a page too large', STATISTICS_PATHS.transactions, { page: { page_size: 201 } }, 400, '每页条数不能大于 200'],
    ['an offset too deep', STATISTICS_PATHS.transactions, { page: { page_offset: 10_001 } }, 400, '页码偏移不能大于 10000'],
    ['a forged cursor', STATISTICS_PATHS.transactions, { page: { cursor: 'bm90IGEgY3Vyc29y' } }, 400, '翻页标记无效，请从第一页重新加载'],
    ['a keyword too long', STATISTICS_PATHS.transactions, { query: { keyword: '字'.repeat(51) } }, 400, '关键词最多 50 个字'],
    ['a keyword with a NUL', STATISTICS_PATHS.transactions, { query: { keyword: 'a\u0000' } }, 400, '关键词不能包含控制字符'],
    ['an unknown type', STATISTICS_PATHS.summaries, { query: { category_types: ['Template'] } }, 400, '收支类型筛选不在可选范围内'],
    [
      'show_all of periods without a range',
      STATISTICS_PATHS.rollupGroups,
      { group: { group_by: 'TIME_DAY', show_all: true } },
      400,
      '按时间显示全部分组时需要指定时间范围',
    ],
    [
      'show_all of too many periods',
      STATISTICS_PATHS.rollupGroups,
      { group: { group_by: 'TIME_HOUR', show_all: true }, group_filter: { group_key: 'TIME_YEAR', group_id: '2026' } },
      400,
      '时间范围太大，最多显示 1000 个时间段',
    ],
  ];
  it.each(cases)('refuses %s with {code, message}', async (_name, path, body, status, message) => {
    const res = await post(path, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message });
  });

  it('refuses ids of another book (422), in the query and in the group filter', async () => {
    const other = await buildUser(t);
    const theirs = await bookDimensions(t, other.token, (await buildBook(t, other.token, 'family')).id);
    const bad: Array<[unknown, string]> = [
      [{ query: { account_ids: [theirs.accounts[0]!.id] } }, '所选账户不存在'],
      [{ query: { category_ids: [theirs.expense[0]!.id] } }, '所选分类不存在'],
      [{ query: { member_ids: [theirs.members[0]!.id] } }, '所选成员不存在'],
      [{ query: { merchant_ids: [theirs.merchants[0]!.id] } }, '所选商家不存在'],
      [{ query: { project_ids: [theirs.projects[0]!.id] } }, '所选项目不存在'],
      [{ group_filter: { group_key: 'CATEGORY_SECOND', group_id: theirs.expense[0]!.subs[0] } }, '所选分类不存在'],
    ];
    for (const [body, message] of bad) {
      const res = await post(STATISTICS_PATHS.summaries, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ code: ErrorCode.DIMENSION_UNKNOWN, message });
    }
  });

  it('refuses a cursor of another order, and words errors in English for English clients', async () => {
    const page = await post(STATISTICS_PATHS.transactions, { page: { page_size: 1 } });
    const cursor = page.json().paging.next_cursor;
    const res = await post(STATISTICS_PATHS.transactions, { sort: { sort_by: 'AMOUNT' }, page: { cursor } }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The page cursor is not valid; load from the first page');
  });

  it('refuses report settings a book cannot have', async () => {
    for (const [body, message] of [
      [{ time_zone: 'Mars/Olympus' }, '不支持这个时区'],
      [{ date_gap: 29 }, '每月起始日不能大于 28'],
      [{ day_gap: 0 }, '每周起始日不能小于 1'],
    ] as const) {
      const res = await t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), body, { token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
