import type { Updateable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { UsersTable } from '../../platform/db/schema.ts';

export class UserRepository {
  constructor(private readonly db: Database) {}

  findById(id: string, db: Database = this.db) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string, db: Database = this.db) {
    return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  /** A login name is a phone number or an email address. */
  findByLogin(username: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('phone', '=', username), eb('email', '=', username.toLowerCase())]))
      .executeTakeFirst();
  }

  create(phone: string, nickname: string, db: Database = this.db) {
    return db.insertInto('users').values({ phone, nickname }).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, patch: Updateable<UsersTable>) {
    return this.db
      .updateTable('users')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}

export type UserRow = NonNullable<Awaited<ReturnType<UserRepository['findById']>>>;
