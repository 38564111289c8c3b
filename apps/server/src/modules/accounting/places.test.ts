import { ACCOUNTING_PATHS, ErrorCode, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type BookDimensions, type TestApp } from '../../../test/harness.ts';

/** A record's optional place (docs/host.md, "Places"): kept, answered, edited, removed; bad ones refused. */
let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(() => t.close());

const o = (locale?: string) => ({ ...inBook(token, bookId), ...(locale ? { locale } : {}) });
const expense = (extra: Record<string, unknown> = {}) => ({
  account: { id: d.accounts[0]!.id },
  category: { id: d.expense[0]!.subs[0]! },
  amount: '9.90',
  ...extra,
});
const WEST_LAKE = { name: '西湖 · 断桥', address: '杭州市西湖区北山街', latitude: 30.259244, longitude: 120.151634 };
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const get = async (id: string) => (await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id }), o())).json().data;

describe("a record's place", () => {
  it('is kept with the record and answered as sent, by the create and by a read', async () => {
    const res = await t.client.post(ACCOUNTING_PATHS.expense, expense({ place: WEST_LAKE }), o());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made.place).toEqual(WEST_LAKE);
    expect(await get(made.id)).toEqual(made);
    const row = await t.db
      .selectFrom('transactions')
      .select(['place_name', 'place_address', 'place_lat', 'place_lng'])
      .where('book_id', '=', bookId)
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ place_name: WEST_LAKE.name, place_address: WEST_LAKE.address, place_lat: '30.259244', place_lng: '120.151634' });
  });

  it('is null when none was sent, and an address is optional', async () => {
    const none = await t.client.post(ACCOUNTING_PATHS.expense, expense(), o());
    expect(none.json().data.place).toBeNull();
    const bare = { name: 'Null Island', latitude: 0, longitude: -0.5 };
    const res = await t.client.post(ACCOUNTING_PATHS.expense, expense({ place: { ...bare, address: '   ' } }), o());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.place).toEqual(bare);
    expect(await get(res.json().data.id)).toEqual(res.json().data);
  });

  it('is changed by an edit, kept by an edit that does not name it, and removed with null', async () => {
    const id = (await t.client.post(ACCOUNTING_PATHS.expense, expense({ place: WEST_LAKE }), o())).json().data.id as string;
    const edit = (body: unknown) => t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id }), body, o());
    const moved = { name: 'Pier 39', latitude: 37.808673, longitude: -122.409821 };
    const changed = await edit({ place: moved });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.place).toEqual(moved);
    const kept = await edit({ remark: 'lunch' });
    expect(kept.json().data).toMatchObject({ remark: 'lunch', place: moved });
    const removed = await edit({ place: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.place).toBeNull();
    expect((await get(id)).place).toBeNull();
  });

  it('travels in a batch and in the flows', async () => {
    const list = [
      { business_type: 'Expense', ...expense({ place: WEST_LAKE }) },
      { business_type: 'Transfer', from_account: { id: d.accounts[0]!.id }, to_account: { id: d.accounts[1]!.id }, from_amount: '1' },
    ];
    const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, o());
    expect(res.statusCode, res.body).toBe(201);
    const [a, b] = res.json().data as Array<{ id: string; place: unknown }>;
    expect(a!.place).toEqual(WEST_LAKE);
    expect(b!.place).toBeNull();
    expect(await get(a!.id)).toEqual(res.json().data[0]);
  });

  it.each([
    ['a latitude past 90', { ...WEST_LAKE, latitude: 91 }, '纬度不能大于 90'],
    ['a longitude that is not a number', { ...WEST_LAKE, longitude: 'x' }, '经度格式不正确'],
    ['a coordinate with seven decimals', { ...WEST_LAKE, latitude: 30.1234567 }, '纬度格式不正确'],
    ['a name with a control character', { ...WEST_LAKE, name: 'West\u0007Lake' }, '地点名称不能包含控制字符'],
    ['a name over 60 characters', { ...WEST_LAKE, name: '湖'.repeat(61) }, '地点名称最多 60 个字'],
    ['an empty name', { ...WEST_LAKE, name: ' \u200b ' }, '地点名称不能为空'],
    ['no coordinates', { name: '西湖' }, '纬度不能为空'],
    ['an address over 120 characters', { ...WEST_LAKE, address: 'a'.repeat(121) }, '地址最多 120 个字'],
    ['a field the server does not keep', { ...WEST_LAKE, altitude: 12 }, '请求参数 place.altitude 不正确'],
    ['a place that is not an object', '西湖', '地点格式不正确'],
  ])('refuses %s with 400 and stores nothing', async (_, place, message) => {
    const n = await count();
    const res = await t.client.post(ACCOUNTING_PATHS.expense, expense({ place }), o('zh-CN'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message });
    expect(await count()).toBe(n);
  });

  it('refuses a bad place on an edit and in a batch, changing nothing, in English too', async () => {
    const made = (await t.client.post(ACCOUNTING_PATHS.expense, expense({ place: WEST_LAKE }), o())).json().data;
    const res = await t.client.patch(
      bookPath(ACCOUNTING_PATHS.update, { id: made.id }),
      { place: { ...WEST_LAKE, name: 'x'.repeat(61) } },
      o('en'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: 'Place name must be at most 60 characters' });
    expect(await get(made.id)).toEqual(made);
    const n = await count();
    const batch = await t.client.post(
      ACCOUNTING_PATHS.batch,
      {
        transaction_vo_list: [
          { business_type: 'Expense', ...expense() },
          { business_type: 'Expense', ...expense({ place: { ...WEST_LAKE, longitude: 180.5 } }) },
        ],
      },
      o('en'),
    );
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe('Longitude must be at most 180');
    expect(await count()).toBe(n);
  });
});
