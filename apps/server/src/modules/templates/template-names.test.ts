import { BOOK_ICONS, BOOK_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { migrate } from '../../platform/db/migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('templates in both languages, with icons from the icon set', () => {
  it('gives every template an English name and description, and an icon name instead of an emoji', async () => {
    const all = (await t.client.get(BOOK_PATHS.templates)).json().data as Array<{
      code: string;
      name_en: string;
      description_en: string;
      icon: string;
    }>;
    expect(all.find((x) => x.code === 'family')).toMatchObject({ name_en: 'Family book', icon: 'family' });
    for (const x of all) {
      expect(x.name_en, x.code).toMatch(/^[A-Za-z][A-Za-z ,.'-]+$/);
      expect(x.description_en.length, x.code).toBeGreaterThan(10);
      expect(BOOK_ICONS, x.code).toContain(x.icon);
    }
  });

  it('a book created from a template takes its icon name', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'travel');
    expect(book.icon).toBe('travel');
  });

  it('the migration turns the emoji icons of earlier books into icon names', async () => {
    const owner = await buildUser(t);
    const a = await buildBook(t, owner.token, 'family');
    const b = await buildBook(t, owner.token, 'daily');
    // Books as the earlier version stored them, then the migration run again.
    await t.db.updateTable('books').set({ icon: '🚗' }).where('id', '=', a.id).execute();
    await t.db.updateTable('books').set({ icon: '🦄' }).where('id', '=', b.id).execute();
    await t.db.deleteFrom('schema_migrations').where('name', '=', '0003_add_template_english_and_icon_names.sql').execute();
    expect(await migrate(t.db)).toEqual(['0003_add_template_english_and_icon_names.sql']);
    const icons = await t.db.selectFrom('books').select(['id', 'icon']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(icons).toEqual([
      { id: a.id, icon: 'car' },
      { id: b.id, icon: 'book' },
    ]);
  });
});
