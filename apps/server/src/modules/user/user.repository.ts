import { sql, type Updateable } from 'kysely';
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

  /** The CAB user a partner host's user is (migration 0028). */
  async hostIdentity(db: Database, host: 'a' | 'b', hostUserId: string): Promise<string | undefined> {
    const r = await db
      .selectFrom('user_host_identities')
      .select('user_id')
      .where('host', '=', host)
      .where('host_user_id', '=', hostUserId)
      .executeTakeFirst();
    return r?.user_id;
  }

  linkHost(db: Database, host: 'a' | 'b', hostUserId: string, userId: string, at: Date) {
    return db
      .insertInto('user_host_identities')
      .values({ host, host_user_id: hostUserId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['host', 'host_user_id']).doNothing())
      .execute();
  }

  createWithoutPhone(nickname: string, db: Database = this.db) {
    return db.insertInto('users').values({ nickname }).returningAll().executeTakeFirstOrThrow();
  }

  create(phone: string, nickname: string, db: Database = this.db) {
    return db.insertInto('users').values({ phone, nickname }).returningAll().executeTakeFirstOrThrow();
  }

  /** Users whose avatar is set and is not a file of the upload's shape (`stored`, a pattern both JavaScript and PostgreSQL read alike). */
  foreignAvatars(stored: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'avatar_url'])
      .where('avatar_url', '<>', '')
      .where(sql<boolean>`avatar_url !~ ${stored}`)
      .execute();
  }

  /** Sets these users' avatars back to none, unless changed since they were read. */
  async clearAvatars(users: ReadonlyArray<{ id: string; avatar_url: string }>): Promise<number> {
    let cleared = 0;
    for (let i = 0; i < users.length; i += 500) {
      const chunk = users.slice(i, i + 500);
      const res = await this.db
        .updateTable('users')
        .set({ avatar_url: '' })
        .where((eb) => eb.or(chunk.map((u) => eb.and([eb('id', '=', u.id), eb('avatar_url', '=', u.avatar_url)]))))
        .executeTakeFirst();
      cleared += Number(res.numUpdatedRows);
    }
    return cleared;
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
