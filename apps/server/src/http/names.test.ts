import { ACCOUNTING_PATHS, AUTH_PATHS, BOOK_PATHS, ErrorCode, FORUM_PATHS, MEMBER_PATHS, bookPath, dimensionPaths } from '@cab/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Names that look empty or carry direction controls (issue 25; docs/decisions.md, "Text
 * that looks empty"), tried on every kind of name a client can send, as an impersonator
 * would: each answers 400 {code, message} and changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
// Fresh posting windows for the community's limit.
beforeEach(() => t.clock.advance(60 * 60_000 + 1));

/** The zero-width characters and the direction controls of the issue, one by one. */
const INVISIBLE = [
  ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'],
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
  ...['\u2066', '\u2067', '\u2068', '\u2069'],
];
/** Each alone, each between ordinary and ideographic spaces, and all of them together. */
const LOOKS_EMPTY = [...INVISIBLE, ...INVISIBLE.map((c) => ` ${c}\u3000${c} `), INVISIBLE.join(' ')];
const hex = (v: string) => [...v].map((c) => c.codePointAt(0)!.toString(16)).join(' ');

type Send = (name: string) => Promise<LightMyRequestResponse>;

async function expectEachRefused(send: Send, values: readonly string[] = LOOKS_EMPTY): Promise<void> {
  for (const v of values) {
    const res = await send(v);
    expect(res.statusCode, `${hex(v)}: ${res.body}`).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: expect.any(String) });
  }
}

/** Names a person could mistake for another: letters behind an override, an isolate, an embedding. */
const DISGUISED = ['Ali\u202eecnA', '\u2067Alice\u2069', 'Bob\u202a', '小\u2066明'];

describe('a name that looks empty or carries direction controls', () => {
  it('is refused as a nickname, in the caller language, and the nickname stays', async () => {
    const u = await buildUser(t);
    const send: Send = (nickname) => t.client.patch(AUTH_PATHS.updateUser, { nickname }, { token: u.token });
    await expectEachRefused(send);
    await expectEachRefused(send, DISGUISED);
    const info = async () => (await t.client.get(AUTH_PATHS.userInfo, { token: u.token })).json().data.nickName;
    expect(await info()).toBe(u.nickName);

    const zh = await send('\u200b');
    expect(zh.json().message).toBe('昵称不能为空');
    const en = await t.client.patch(AUTH_PATHS.updateUser, { nickname: 'Ali\u202eecnA' }, { token: u.token, locale: 'en' });
    expect(en.json().message).toBe('Nickname must not contain text direction control characters');

    // What draws something is kept whole: a family of emoji is joined by U+200D.
    expect((await send(' 👨‍👩‍👧 小明 ')).json().data.nickName).toBe('👨‍👩‍👧 小明');
  });

  it('is refused as a book name, at creation and when renaming, and no book is made or renamed', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token, 'family', '家');
    const tpl = await t.db.selectFrom('book_templates').select('id').where('code', '=', 'family').executeTakeFirstOrThrow();
    const count = async () => (await t.client.get(BOOK_PATHS.cloudList, { token: u.token })).json().cloud_book_list.length;
    await expectEachRefused((name) => t.client.post(BOOK_PATHS.create, { id: tpl.id, name }, { token: u.token }));
    await expectEachRefused((name) => t.client.patch(bookPath(BOOK_PATHS.update, { bookId: book.id }), { name }, { token: u.token }));
    await expectEachRefused(
      (name) => t.client.patch(bookPath(BOOK_PATHS.update, { bookId: book.id }), { name }, { token: u.token }),
      DISGUISED,
    );
    expect(await count()).toBe(1);
    const row = await t.db.selectFrom('books').select('name').where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('家');
  });

  it('is refused as a category, account, account group, member, merchant or project name, creating or renaming nothing', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const o = inBook(u.token, book.id);
    const kinds = ['categories', 'accounts', 'members', 'merchants', 'projects'] as const;
    const list = async (kind: (typeof kinds)[number]) => {
      const data = (await t.client.get(`${ACCOUNTING_PATHS[kind]}?trade_type=Expense`, o)).json().data;
      return JSON.stringify(data);
    };
    const create: Record<(typeof kinds)[number], (name: string) => Record<string, unknown>> = {
      categories: (name) => ({ name, type: 'Expense' }),
      accounts: (name) => ({ name, group_name: '现金', type: 'Cash' }),
      members: (name) => ({ name }),
      merchants: (name) => ({ name }),
      projects: (name) => ({ name }),
    };
    for (const kind of kinds) {
      const made = await t.client.post(ACCOUNTING_PATHS[kind], create[kind]('好名字'), o);
      expect(made.statusCode, made.body).toBe(201);
      const item = bookPath(dimensionPaths(kind).item, { id: made.json().data.id });
      const after = await list(kind);
      await expectEachRefused((name) => t.client.post(ACCOUNTING_PATHS[kind], create[kind](name), o));
      await expectEachRefused((name) => t.client.patch(item, { name }, o));
      await expectEachRefused((name) => t.client.patch(item, { name }, o), DISGUISED);
      expect(await list(kind)).toBe(after);
    }
    const account = (await t.client.post(ACCOUNTING_PATHS.accounts, create.accounts('零钱'), o)).json().data;
    await expectEachRefused((group_name) => t.client.post(ACCOUNTING_PATHS.accounts, { name: 'x', group_name, type: 'Cash' }, o));
    await expectEachRefused((group_name) =>
      t.client.patch(bookPath(dimensionPaths('accounts').item, { id: account.id }), { group_name }, o),
    );
    expect(await list('accounts')).toContain('"group_name":"现金"');
  });

  it('is refused as a role name, creating or renaming no role', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const o = inBook(u.token, book.id);
    const made = await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: '出纳', permission_codes: [] }, o);
    expect(made.statusCode, made.body).toBe(200);
    const roleId: string = made.json().data.role_id;
    const roles = async () => JSON.stringify((await t.client.get(MEMBER_PATHS.roles, o)).json().data);
    const before = await roles();
    await expectEachRefused((role_name) =>
      t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name, permission_codes: [] }, o),
    );
    await expectEachRefused((role_name) => t.client.post(MEMBER_PATHS.roleOperation, { operation: '8', role_id: roleId, role_name }, o));
    await expectEachRefused(
      (role_name) => t.client.post(MEMBER_PATHS.roleOperation, { operation: '8', role_id: roleId, role_name }, o),
      DISGUISED,
    );
    expect(await roles()).toBe(before);
  });

  it("is refused as a community thread's subject or tag, posting or editing nothing", async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const o = inBook(u.token, book.id);
    const made = await t.client.post(FORUM_PATHS.thread, { subject: '周末聚餐', message: '谁来', tags: ['吃'] }, o);
    expect(made.statusCode, made.body).toBe(201);
    const tid: string = made.json().data.tid;
    const threads = async () => JSON.stringify((await t.client.get(`${FORUM_PATHS.threads}?tab=top`, o)).json().data);
    const before = await threads();
    const edit = (body: unknown) => t.client.put(bookPath(FORUM_PATHS.threadById, { tid }), body, o);
    await expectEachRefused((subject) => t.client.post(FORUM_PATHS.thread, { subject, message: 'm', tags: [] }, o));
    await expectEachRefused((tag) => t.client.post(FORUM_PATHS.thread, { subject: 's', message: 'm', tags: [tag] }, o));
    await expectEachRefused((subject) => edit({ subject, message: 'm', tags: [] }));
    await expectEachRefused((subject) => edit({ subject, message: 'm', tags: [] }), DISGUISED);
    await expectEachRefused((tag) => edit({ subject: 's', message: 'm', tags: [tag] }));
    expect(await threads()).toBe(before);
  });
});
