import { CONTENT_PATHS, ErrorCode, MARKET_PATHS, bookPath, type HomeTag, type Operation } from '@cab/contracts';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import type { OperationsTable } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Tags of our own, after any the content seed brings.
  await t.db
    .insertInto('content_tags')
    .values([
      { code: 'ht-family', name: '家庭', name_en: 'Family', sort_order: 1001, default_selected: true },
      { code: 'ht-saving', name: '存钱', name_en: 'Saving', sort_order: 1002, default_selected: false },
      { code: 'ht-budget', name: '预算', name_en: 'Budget', sort_order: 1003, default_selected: true },
    ])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
});
afterAll(() => t.close());

const OURS = ['ht-family', 'ht-saving', 'ht-budget'];
const tags = async (token?: string) =>
  ((await t.client.get(CONTENT_PATHS.homeTags, { token })).json().data as HomeTag[])
    .filter((x) => OURS.includes(x.tagCode))
    .map((x) => [x.tagCode, x.is_selected]);
const choose = (tagCode: string, body: unknown, token?: string) =>
  t.client.post(bookPath(CONTENT_PATHS.homeTag, { tagCode }), body, { token });
const stored = async (table: 'user_home_tags' | 'operation_views') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const at = (offsetMs: number) => new Date(t.clock.now() + offsetMs);
/** An operation written straight into the table, on show unless told otherwise. */
async function operation(code: string, v: Partial<Insertable<OperationsTable>>) {
  const none = { share_title: null, share_path: null, share_image: null, starts_at: null, ends_at: null, withdrawn_at: null };
  await t.db
    .insertInto('operations')
    .values({ code, placement: 'infoFlow', title: `标题 ${code}`, ...none, ...v })
    .execute();
}
const codes = (res: { json(): { data: Operation[] } }) => res.json().data.map((o) => o.code);
const infoFlow = (token?: string) => t.client.post(CONTENT_PATHS.infoFlowOperation, {}, { token });
const guides = (body: unknown, token?: string) => t.client.post(CONTENT_PATHS.operationGuide, body, { token });
const popups = (body: unknown, token?: string) => t.client.post(CONTENT_PATHS.operationPopup, body, { token });

describe('home tags', () => {
  it('are every tag in order, the defaults for the logged out and for a user who has chosen nothing', async () => {
    const expected = [
      ['ht-family', true],
      ['ht-saving', false],
      ['ht-budget', true],
    ];
    expect(await tags()).toEqual(expected);
    expect(await tags((await buildUser(t)).token)).toEqual(expected);
    const one = (await t.client.get(CONTENT_PATHS.homeTags)).json().data.find((x: HomeTag) => x.tagCode === 'ht-saving');
    expect(one).toEqual({ tagCode: 'ht-saving', name: '存钱', name_en: 'Saving', is_selected: false });
  });

  it('are chosen per user: a choice overrides the default for its chooser only, and can be changed back', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const picked = await choose('ht-saving', { is_selected: true }, a.token);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toEqual({ data: { tagCode: 'ht-saving', name: '存钱', name_en: 'Saving', is_selected: true } });
    expect((await choose('ht-family', { is_selected: false }, a.token)).json().data.is_selected).toBe(false);
    expect(await tags(a.token)).toEqual([
      ['ht-family', false],
      ['ht-saving', true],
      ['ht-budget', true],
    ]);
    expect(await tags(b.token)).toEqual([
      ['ht-family', true],
      ['ht-saving', false],
      ['ht-budget', true],
    ]);
    expect(await tags()).toEqual(await tags(b.token));
    expect((await choose('ht-saving', { is_selected: false }, a.token)).json().data.is_selected).toBe(false);
    expect((await tags(a.token))[1]).toEqual(['ht-saving', false]);
  });

  it('refuse the logged out (401), unknown tags (404) and malformed codes and bodies (400), storing nothing', async () => {
    const u = await buildUser(t);
    const before = await stored('user_home_tags');
    expectRefused(await choose('ht-saving', { is_selected: true }), 401, ErrorCode.UNAUTHORIZED);
    const unknown = await choose('no-such-tag', { is_selected: true }, u.token);
    expectRefused(unknown, 404, ErrorCode.TAG_NOT_FOUND);
    expect(unknown.json().message).toBe('标签不存在');
    for (const bad of ['BAD', 'a'.repeat(41), 'x%20y', 'a.b'])
      expectRefused(await choose(bad, { is_selected: true }, u.token), 400, ErrorCode.VALIDATION);
    for (const body of [{}, { is_selected: 'true' }, { is_selected: 1 }, { is_selected: null }, undefined]) {
      expectRefused(await choose('ht-saving', body, u.token), 400, ErrorCode.VALIDATION);
    }
    expect(await stored('user_home_tags')).toBe(before);
  });
});

describe('the info flow', () => {
  it('answers the seeded cards, shaped as SPEC 3 says, to everyone alike', async () => {
    const res = await infoFlow();
    expect(res.statusCode, res.body).toBe(200);
    const invite = res.json().data.find((o: Operation) => o.code === 'inviteFamily');
    expect(invite).toMatchObject({
      title: '邀请家人一起记账',
      link: 'pages/book/index',
      style: 'card',
      show: true,
      position: 0,
      shareData: { title: '一起用 CAB 记账吧', path: 'pages/home/index', image: '/static/share/default-share.svg' },
    });
    expect(invite.style_items).toContainEqual({ key: 'title_en', value: 'Keep the books with your family' });
    expect(res.json().data.find((o: Operation) => o.code === 'templateMarket')).toMatchObject({
      link: 'pages/market/index',
      shareData: null,
    });
    expect((await infoFlow((await buildUser(t)).token)).json()).toEqual(res.json());
  });

  it('shows only what is on show now, in position order: not before its start, not from its end, never withdrawn', async () => {
    await operation('if-late', { position: 50, starts_at: at(60_000) });
    await operation('if-ending', { position: 51, ends_at: at(60_000) });
    await operation('if-off', { position: 52, withdrawn_at: at(-1) });
    await operation('if-first', { position: 49, style_items: JSON.stringify([{ key: 'badge', value: '新' }]) });
    await operation('if-guide', { placement: 'guide', classification: 'ifOnly', position: 53 });
    const ours = async () => codes(await infoFlow()).filter((c) => c.startsWith('if-'));
    expect(await ours()).toEqual(['if-first', 'if-ending']);
    expect((await infoFlow()).json().data.find((o: Operation) => o.code === 'if-first').style_items).toEqual([
      { key: 'badge', value: '新' },
    ]);
    t.clock.advance(60_000);
    expect(await ours()).toEqual(['if-first', 'if-late']);
  });

  it('takes any object as its body and refuses what is not one', async () => {
    expect((await t.client.post(CONTENT_PATHS.infoFlowOperation, { head: { anything: 1 } })).statusCode).toBe(200);
    expectRefused(await t.client.post(CONTENT_PATHS.infoFlowOperation, [1]), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.post(CONTENT_PATHS.infoFlowOperation, 'x'), 400, ErrorCode.VALIDATION);
  });
});

describe('operation guides', () => {
  it('are shown once per user: the obtainXb guide by default, then [] to that user, while another user still gets it', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const first = await guides({ head: {}, body: {} }, a.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual([
      expect.objectContaining({
        code: 'obtainXbIntro',
        title: '怎样获得香蕉贝',
        link: 'bookSetting/pages/bananashell',
        style: 'guide',
        show: true,
      }),
    ]);
    expect((await guides({ body: {} }, a.token)).json().data).toEqual([]);
    expect((await guides({ body: { classification: 'obtainXb' } }, a.token)).json().data).toEqual([]);
    expect(codes(await guides({ body: { classification: 'obtainXb' } }, b.token))).toEqual(['obtainXbIntro']);
  });

  it('are answered to the logged out every time, recording nothing (the web remembers per device)', async () => {
    const before = await stored('operation_views');
    expect(codes(await guides({ body: {} }))).toEqual(['obtainXbIntro']);
    expect(codes(await guides({}))).toEqual(['obtainXbIntro']);
    expect(await stored('operation_views')).toBe(before);
  });

  it('keep to their classification, and one not yet started is neither shown nor recorded until it starts', async () => {
    await operation('g-budget-1', { placement: 'guide', classification: 'budgetTips', style: 'guide', position: 2 });
    await operation('g-budget-0', { placement: 'guide', classification: 'budgetTips', style: 'guide', position: 1 });
    await operation('g-budget-late', { placement: 'guide', classification: 'budgetTips', starts_at: at(1000) });
    const u = await buildUser(t);
    expect(codes(await guides({ body: { classification: 'budgetTips' } }, u.token))).toEqual(['g-budget-0', 'g-budget-1']);
    t.clock.advance(1000);
    expect(codes(await guides({ body: { classification: 'budgetTips' } }, u.token))).toEqual(['g-budget-late']);
    expect(codes(await guides({ body: { classification: 'budgetTips' } }, u.token))).toEqual([]);
    expect(codes(await guides({ body: {} }, u.token))).toEqual(['obtainXbIntro']);
    expect(codes(await guides({ body: { classification: 'nothingHere' } }, u.token))).toEqual([]);
  });

  it('refuse a malformed classification or body, recording nothing', async () => {
    const u = await buildUser(t);
    for (const body of [
      { body: { classification: 'has space' } },
      { body: { classification: 'a'.repeat(41) } },
      { body: { classification: 7 } },
      { body: [] },
      { head: 'x', body: {} },
    ]) {
      expectRefused(await guides(body, u.token), 400, ErrorCode.VALIDATION);
    }
    expect(codes(await guides({ body: {} }, u.token))).toEqual(['obtainXbIntro']);
  });
});

describe('operation popups', () => {
  it('are shown once per user, only those asked for by code', async () => {
    await operation('p-other', { placement: 'popup', style: 'popup' });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const first = await popups({ head: {}, body: { popupCodeList: ['homeWelcome', 'noSuchPopup'] } }, a.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual([
      expect.objectContaining({ code: 'homeWelcome', title: '欢迎来到 CAB', style: 'popup', show: true }),
    ]);
    expect(codes(await popups({ body: { popupCodeList: ['homeWelcome'] } }, a.token))).toEqual([]);
    expect(codes(await popups({ body: { popupCodeList: ['homeWelcome', 'p-other'] } }, a.token))).toEqual(['p-other']);
    expect(codes(await popups({ body: { popupCodeList: ['homeWelcome'] } }, b.token))).toEqual(['homeWelcome']);
    const before = await stored('operation_views');
    expect(codes(await popups({ body: { popupCodeList: ['homeWelcome'] } }))).toEqual(['homeWelcome']);
    expect(codes(await popups({ body: { popupCodeList: ['homeWelcome'] } }))).toEqual(['homeWelcome']);
    expect(await stored('operation_views')).toBe(before);
  });

  it('are shown once even to two calls at once: together they answer it exactly once', async () => {
    for (let i = 0; i < 3; i++) {
      const u = await buildUser(t);
      const both = await Promise.all([
        popups({ body: { popupCodeList: ['homeWelcome'] } }, u.token),
        popups({ body: { popupCodeList: ['homeWelcome'] } }, u.token),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.flatMap((r) => codes(r))).toEqual(['homeWelcome']);
    }
  });

  it('refuse an empty, missing, oversized or malformed code list, recording nothing', async () => {
    const u = await buildUser(t);
    for (const body of [
      { body: { popupCodeList: [] } },
      { body: { popupCodeList: 'homeWelcome' } },
      { body: { popupCodeList: ['home Welcome'] } },
      { body: { popupCodeList: [1] } },
      { body: { popupCodeList: Array.from({ length: 21 }, (_, i) => `p${i}`) } },
      { body: {} },
      {},
    ]) {
      expectRefused(await popups(body, u.token), 400, ErrorCode.VALIDATION);
    }
    expect(codes(await popups({ body: { popupCodeList: ['homeWelcome'] } }, u.token))).toEqual(['homeWelcome']);
  });
});

describe('mine info', () => {
  const info = async (token?: string, url: string = CONTENT_PATHS.mineInfo) => t.client.get(url, { token });

  it('needs a login, with or without the trailing slash', async () => {
    expectRefused(await info(), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await info(undefined, CONTENT_PATHS.mineInfo.replace(/\/$/, '')), 401, ErrorCode.UNAUTHORIZED);
  });

  it("counts the caller's favourite templates, favourite contents on show and reviews", async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    expect((await info(a.token)).json()).toEqual({ data: { favourite_templates: 0, favourite_contents: 0, reviews: 0 } });
    for (const id of ['1001', '1002'])
      await t.client.post(bookPath(MARKET_PATHS.templateCollect, { id, x: '1' }), undefined, { token: a.token });
    expect(
      (await t.client.post(MARKET_PATHS.templateReview, { template_id: '1003', content: '好用' }, { token: a.token })).statusCode,
    ).toBe(201);
    await t.client.post(bookPath(MARKET_PATHS.templateCollect, { id: '1001', x: '1' }), undefined, { token: b.token });

    const content = async (code: string, published_at: Date | null, withdrawn_at: Date | null = null) =>
      (
        await t.db
          .insertInto('contents')
          .values({ code, type: '0', title: code, published_at, withdrawn_at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ids = [
      await content('mi-on-show', at(-1000)),
      await content('mi-video', at(-2000)),
      await content('mi-withdrawn', at(-3000), at(-1000)),
      await content('mi-draft', null),
      await content('mi-scheduled', at(3_600_000)),
    ];
    await t.db
      .insertInto('content_collections')
      .values(ids.map((content_id) => ({ user_id: a.userid, content_id })))
      .execute();

    const res = await info(a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { favourite_templates: 2, favourite_contents: 2, reviews: 1 } });
    // Fastify ignores the trailing slash (app.ts): the path without it is the same call.
    expect((await info(a.token, CONTENT_PATHS.mineInfo.replace(/\/$/, ''))).json()).toEqual(res.json());
    expect((await info(b.token)).json().data).toEqual({ favourite_templates: 1, favourite_contents: 0, reviews: 0 });
  });
});
