import { BOOK_PATHS, DIMENSION_NAME_MAX, type Book } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMES_EN } from '../../../db/seed/template-names-en.ts';
import { contentNames, TEMPLATES, type StoredTemplateContent } from '../../../db/seed/templates.ts';
import { buildUser, startTestApp, type CallOptions, type TestApp } from '../../../test/harness.ts';

const CJK = /[\u4e00-\u9fff]/;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Creates a book from each template with the given call options; its id by template code. */
async function bookPerTemplate(o: CallOptions): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const tpl of TEMPLATES) {
    const res = await t.client.post(BOOK_PATHS.create, { id: String(tpl.id) }, o);
    expect(res.statusCode, `${tpl.code}: ${res.body}`).toBe(201);
    ids.set(tpl.code, (res.json() as { data: Book }).data.id);
  }
  return ids;
}

/** Every name a book got from its template (the owner's member, a user's nickname, left out). */
async function names(bookId: string) {
  const categories = await t.db.selectFrom('book_categories').select('name').where('book_id', '=', bookId).execute();
  const accounts = await t.db.selectFrom('book_accounts').select(['group_name', 'name']).where('book_id', '=', bookId).execute();
  const labels = await t.db
    .selectFrom('book_labels')
    .select(['kind', 'name'])
    .where('book_id', '=', bookId)
    .where('user_id', 'is', null)
    .execute();
  return {
    categories: categories.map((c) => c.name),
    accounts: accounts.flatMap((a) => [a.group_name, a.name]),
    labels: labels.map((l) => `${l.kind}:${l.name}`),
    all: [...categories.map((c) => c.name), ...accounts.flatMap((a) => [a.group_name, a.name]), ...labels.map((l) => l.name)],
  };
}

describe("a new book's names are in its creator's language", () => {
  it('in English, every category, account, member, merchant and project of every template has an English name', async () => {
    const owner = await buildUser(t);
    const ids = await bookPerTemplate({ token: owner.token, locale: 'en' });
    for (const tpl of TEMPLATES) {
      const book = await names(ids.get(tpl.code) ?? '');
      expect(book.categories.length, tpl.code).toBeGreaterThan(0);
      expect(book.accounts.length, tpl.code).toBeGreaterThan(0);
      for (const name of book.all) {
        expect(name, tpl.code).not.toMatch(CJK);
        expect(name.length, `${tpl.code}: ${name}`).toBeLessThanOrEqual(DIMENSION_NAME_MAX);
      }
      // The same names as in Chinese, one for one.
      const c = tpl.content;
      expect(book.labels.sort(), tpl.code).toEqual(
        [
          ...c.members.map((n) => `member:${NAMES_EN[n]}`),
          ...c.merchants.map((n) => `merchant:${NAMES_EN[n]}`),
          ...c.projects.map((n) => `project:${NAMES_EN[n]}`),
        ].sort(),
      );
    }
    const daily = await t.db
      .selectFrom('book_categories')
      .select('name')
      .where('book_id', '=', ids.get('daily') ?? '')
      .where('parent_id', 'is', null)
      .where('type', '=', 'Expense')
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    expect(daily.name).toBe('Food & dining');
    const accounts = await t.db
      .selectFrom('book_accounts')
      .select('name')
      .where('book_id', '=', ids.get('daily') ?? '')
      .orderBy('sort')
      .execute();
    expect(accounts.map((a) => a.name)).toEqual(['Cash', 'WeChat Pay', 'Alipay', 'Bank card', 'Credit card']);
    // The owner's member is the user's nickname, whatever the language.
    const me = await t.db
      .selectFrom('book_labels')
      .select('name')
      .where('book_id', '=', ids.get('daily') ?? '')
      .where('user_id', '=', owner.userid)
      .executeTakeFirstOrThrow();
    expect(me.name).toBe(owner.nickName);
  });

  it('Accept-Language asks for English when there is no Device locale', async () => {
    const owner = await buildUser(t);
    const res = await t.client.post(
      BOOK_PATHS.create,
      { id: String(TEMPLATES[0]?.id) },
      { token: owner.token, acceptLanguage: 'en-GB,en;q=0.9' },
    );
    expect(res.statusCode).toBe(201);
    // Unnamed, the book takes the template's English name too.
    expect((res.json() as { data: Book }).data.name).toBe(TEMPLATES[0]?.name_en);
    const book = await names((res.json() as { data: Book }).data.id);
    for (const name of book.all) expect(name).not.toMatch(CJK);
  });

  it('in Chinese (the default, or asked for), the names stay those of the seed', async () => {
    const owner = await buildUser(t);
    for (const o of [{ token: owner.token }, { token: owner.token, locale: 'zh-CN' }]) {
      const ids = await bookPerTemplate(o);
      for (const tpl of TEMPLATES) {
        const book = await names(ids.get(tpl.code) ?? '');
        const c = tpl.content;
        expect(book.categories.sort(), tpl.code).toEqual([...c.expense, ...c.income].flatMap(([n, , subs]) => [n, ...subs]).sort());
        expect(book.accounts, tpl.code).toEqual(expect.arrayContaining(c.accounts.flatMap(([g, n]) => [g, n])));
        expect(book.labels.sort(), tpl.code).toEqual(
          [
            ...c.members.map((n) => `member:${n}`),
            ...c.merchants.map((n) => `merchant:${n}`),
            ...c.projects.map((n) => `project:${n}`),
          ].sort(),
        );
      }
    }
  });

  it('every English name is short, Latin, and as distinct among siblings as the Chinese ones', () => {
    for (const [zh, en] of Object.entries(NAMES_EN)) {
      expect(en.length, zh).toBeLessThanOrEqual(DIMENSION_NAME_MAX);
      expect(en, zh).not.toMatch(CJK);
      expect(en.trim(), zh).toBe(en);
    }
    const distinct = (zh: string[], where: string) =>
      expect(new Set(zh.map((n) => NAMES_EN[n as keyof typeof NAMES_EN])).size, where).toBe(new Set(zh).size);
    for (const tpl of TEMPLATES) {
      const c = tpl.content;
      for (const roots of [c.expense, c.income]) {
        distinct(
          roots.map(([n]) => n),
          tpl.code,
        );
        for (const [n, , subs] of roots) distinct(subs, `${tpl.code} ${n}`);
      }
      distinct(
        c.accounts.map(([, n]) => n),
        `${tpl.code} accounts`,
      );
      for (const list of [c.members, c.merchants, c.projects]) distinct(list, tpl.code);
    }
  });

  it('the stored catalogue carries the English names, and NAMES_EN holds no name the templates do not use', async () => {
    const rows = await t.db.selectFrom('book_templates').select(['code', 'content']).execute();
    for (const r of rows) {
      const content = r.content as StoredTemplateContent;
      const needed = contentNames(content);
      expect(Object.keys(content.names_en ?? {}).sort(), r.code).toEqual([...needed].sort());
      for (const zh of needed) expect(content.names_en?.[zh], `${r.code}: ${zh}`).toBe(NAMES_EN[zh]);
    }
    const used = new Set(TEMPLATES.flatMap((tpl) => contentNames(tpl.content)));
    expect(Object.keys(NAMES_EN).filter((zh) => !used.has(zh as keyof typeof NAMES_EN))).toEqual([]);
  });

  it('a template read in English names its trees as a book made from it in English would', async () => {
    const owner = await buildUser(t);
    const ids = await bookPerTemplate({ token: owner.token, locale: 'en' });
    for (const tpl of TEMPLATES) {
      const res = await t.client.get(BOOK_PATHS.template.replace(':id', String(tpl.id)), { locale: 'en' });
      const d = res.json().data as {
        expense_categories: Array<{ name: string; sub_categories: Array<{ name: string }> }>;
        income_categories: Array<{ name: string; sub_categories: Array<{ name: string }> }>;
        accounts: Array<{ group: string; name: string }>;
        members: string[];
        merchants: string[];
        projects: string[];
      };
      const shown = [
        ...[...d.expense_categories, ...d.income_categories].flatMap((c) => [c.name, ...c.sub_categories.map((s) => s.name)]),
        ...d.accounts.flatMap((a) => [a.group, a.name]),
        ...d.members,
        ...d.merchants,
        ...d.projects,
      ];
      expect(
        shown.filter((n) => CJK.test(n)),
        tpl.code,
      ).toEqual([]);
      const made = await names(ids.get(tpl.code)!);
      expect(new Set(shown.filter((n) => made.all.includes(n))).size, tpl.code).toBe(new Set(shown).size);
    }
    const zh = (await t.client.get(BOOK_PATHS.template.replace(':id', String(TEMPLATES[0]!.id)))).json().data;
    expect(zh.expense_categories[0].name).toMatch(CJK);
  });
});
