import type { Locale } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';
import type { StoredTemplateContent } from '../../../db/seed/templates.ts';

/**
 * SQL that fills a new book with a template's trees: categories, accounts, members,
 * merchants, projects, named in the creator's language (English from the stored
 * content's names_en). The names are the book's own data from then on.
 */
export async function copyTemplateContent(
  db: Database,
  bookId: string,
  content: StoredTemplateContent,
  owner: { id: string; name: string },
  locale: Locale,
): Promise<void> {
  const english: Partial<Record<string, string>> = locale === 'en' ? (content.names_en ?? {}) : {};
  const t = (name: string): string => english[name] ?? name;
  for (const type of ['Expense', 'Income'] as const) {
    const roots = type === 'Expense' ? content.expense : content.income;
    for (const [i, [name, icon, subs]] of roots.entries()) {
      const parent = await db
        .insertInto('book_categories')
        .values({ book_id: bookId, parent_id: null, type, name: t(name), icon, sort: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (subs.length) {
        await db
          .insertInto('book_categories')
          .values(subs.map((sub, j) => ({ book_id: bookId, parent_id: parent.id, type, name: t(sub), icon, sort: j })))
          .execute();
      }
    }
  }
  if (content.accounts.length) {
    await db
      .insertInto('book_accounts')
      .values(
        content.accounts.map(([group_name, name, type], i) => ({
          book_id: bookId,
          group_name: t(group_name),
          name: t(name),
          type,
          sort: i,
        })),
      )
      .execute();
  }
  // The owner's own member comes first, whatever the template lists.
  const members = [
    { name: owner.name, user_id: owner.id as string | null },
    ...content.members.map((name) => ({ name: t(name), user_id: null })),
  ];
  const labels = [
    ...members.map((m, i) => ({ book_id: bookId, kind: 'member' as const, name: m.name, user_id: m.user_id, sort: i })),
    ...content.merchants.map((name, i) => ({ book_id: bookId, kind: 'merchant' as const, name: t(name), user_id: null, sort: i })),
    ...content.projects.map((name, i) => ({ book_id: bookId, kind: 'project' as const, name: t(name), user_id: null, sort: i })),
  ];
  await db.insertInto('book_labels').values(labels).execute();
}
