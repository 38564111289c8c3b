import type { Database } from '../../platform/db/index.ts';

/** book '0' holds a user's user-wide preferences; a book id holds that book's. */
export const USER_LEVEL = '0';

export class PreferencesRepository {
  constructor(private readonly db: Database) {}

  list(userId: string, bookId: string, keys?: string[]) {
    let q = this.db.selectFrom('preferences').select(['key', 'value']).where('user_id', '=', userId).where('book_id', '=', bookId);
    if (keys?.length) q = q.where('key', 'in', keys);
    return q.orderBy('key').execute();
  }

  async upsert(db: Database, userId: string, bookId: string, configs: Array<{ key: string; value: string }>, at: Date): Promise<void> {
    for (const c of configs) {
      await db
        .insertInto('preferences')
        .values({ user_id: userId, book_id: bookId, key: c.key, value: c.value, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'book_id', 'key']).doUpdateSet({ value: c.value, updated_at: at }))
        .execute();
    }
  }

  get(userId: string, key: string) {
    return this.db
      .selectFrom('preferences')
      .select('value')
      .where('user_id', '=', userId)
      .where('book_id', '=', USER_LEVEL)
      .where('key', '=', key)
      .executeTakeFirst();
  }
}
