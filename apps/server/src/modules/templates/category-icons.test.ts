import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_TYPE_ICONS, CATEGORY_ICONS, EMOJI_TO_CATEGORY_ICON } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../db/seed/templates.ts';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { MIGRATIONS_DIR, migrate } from '../../platform/db/migrate.ts';

const MIGRATION = '0005_use_icon_names_for_categories.sql';
const EMOJI = /\p{Extended_Pictographic}/u;
const categoryIcons: readonly string[] = CATEGORY_ICONS;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('category icons are names of the icon set, never emoji', () => {
  it('a book created from any template gets icon names for all its categories, and accounts of known types', async () => {
    const owner = await buildUser(t);
    const ids: string[] = [];
    for (const tpl of TEMPLATES) ids.push((await buildBook(t, owner.token, tpl.code)).id);

    const categories = await t.db.selectFrom('book_categories').select(['book_id', 'name', 'icon']).where('book_id', 'in', ids).execute();
    expect(new Set(categories.map((c) => c.book_id)).size).toBe(TEMPLATES.length);
    for (const c of categories) {
      expect(c.icon, c.name).not.toMatch(EMOJI);
      expect(categoryIcons, `${c.name}: ${c.icon}`).toContain(c.icon);
    }

    const accounts = await t.db.selectFrom('book_accounts').select(['name', 'type']).where('book_id', 'in', ids).execute();
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) expect(Object.keys(ACCOUNT_TYPE_ICONS), a.name).toContain(a.type);
  });

  it('the seeded template catalogue carries no emoji', async () => {
    const rows = await t.db.selectFrom('book_templates').select(['code', 'icon', 'content']).execute();
    expect(rows).toHaveLength(TEMPLATES.length);
    for (const r of rows) expect(`${r.icon} ${JSON.stringify(r.content)}`, r.code).not.toMatch(EMOJI);
  });

  it('migration 0005 turns the emoji icons of earlier categories into names, and anything else into "other"', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'daily');
    const roots = await t.db
      .selectFrom('book_categories')
      .select(['id', 'name'])
      .where('book_id', '=', book.id)
      .where('parent_id', 'is', null)
      .orderBy('type')
      .orderBy('sort')
      .execute();
    const byName = (name: string) => {
      const row = roots.find((r) => r.name === name);
      if (!row) throw new Error(`no category ${name}`);
      return row.id;
    };
    // Categories as the earlier version stored them, then the migration run again.
    const before: Record<string, string> = {
      餐饮: '🍜',
      购物: '🛍️',
      交通: '🚇',
      工资: '💰',
      理财: '📈',
      娱乐: '🦄',
      医疗: '',
      学习: 'education',
    };
    for (const [name, icon] of Object.entries(before)) {
      await t.db.updateTable('book_categories').set({ icon }).where('book_id', '=', book.id).where('id', '=', byName(name)).execute();
    }
    await t.db.deleteFrom('schema_migrations').where('name', '=', MIGRATION).execute();
    expect(await migrate(t.db)).toEqual([MIGRATION]);

    const after = await t.db
      .selectFrom('book_categories')
      .select(['name', 'icon'])
      .where('book_id', '=', book.id)
      .where('id', 'in', Object.keys(before).map(byName))
      .execute();
    expect(Object.fromEntries(after.map((r) => [r.name, r.icon]))).toEqual({
      餐饮: 'food',
      购物: 'shopping',
      交通: 'transport',
      工资: 'income',
      理财: 'investment',
      娱乐: 'other',
      医疗: 'other',
      学习: 'education',
    });
    const all = await t.db.selectFrom('book_categories').select('icon').distinct().execute();
    for (const { icon } of all) expect(categoryIcons).toContain(icon);
  });

  it('migration 0005 holds exactly the pairs of EMOJI_TO_CATEGORY_ICON, and only names of the set', () => {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, MIGRATION), 'utf8');
    const pairs = Object.fromEntries([...text.matchAll(/\('([^']+)', '([a-z][a-z0-9-]*)'\)/g)].map((m) => [m[1], m[2]]));
    expect(pairs).toEqual(EMOJI_TO_CATEGORY_ICON);
    const names = [...text.matchAll(/\('([a-z][a-z0-9-]*)'\)/g)].map((m) => m[1]);
    // Names added to the set later need no migration: nothing can hold them yet.
    for (const name of names) expect(categoryIcons).toContain(name);
    for (const name of [...Object.values(EMOJI_TO_CATEGORY_ICON), 'other']) expect(names).toContain(name);
  });
});
