import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookRolesTable, RoleKind } from '../../platform/db/schema.ts';

export type RoleRow = Selectable<BookRolesTable> & { member_count: string };

/** Seeded roles first, in their order, then custom roles as made. */
const KIND_ORDER = sql<number>`array_position(ARRAY['owner','admin','bookkeeper','viewer','custom']::text[], r.kind)`;

/** SQL of a book's roles. Every query leads with book_id. */
export class RolesRepository {
  constructor(private readonly db: Database) {}

  private rows(db: Database, bookId: string) {
    return db
      .selectFrom('book_roles as r')
      .selectAll('r')
      .select((eb) =>
        eb
          .selectFrom('book_users as bu')
          .whereRef('bu.book_id', '=', 'r.book_id')
          .whereRef('bu.role_id', '=', 'r.id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('member_count'),
      )
      .where('r.book_id', '=', bookId);
  }

  list(bookId: string, db: Database = this.db): Promise<RoleRow[]> {
    return this.rows(db, bookId).orderBy(KIND_ORDER).orderBy('r.id').execute() as Promise<RoleRow[]>;
  }

  get(bookId: string, roleId: string, db: Database = this.db): Promise<RoleRow | undefined> {
    return this.rows(db, bookId).where('r.id', '=', roleId).executeTakeFirst() as Promise<RoleRow | undefined>;
  }

  many(bookId: string, roleIds: readonly string[], db: Database = this.db): Promise<RoleRow[]> {
    if (!roleIds.length) return Promise.resolve([]);
    return this.rows(db, bookId)
      .where('r.id', 'in', [...roleIds])
      .orderBy(KIND_ORDER)
      .orderBy('r.id')
      .execute() as Promise<RoleRow[]>;
  }

  byKind(bookId: string, kind: Exclude<RoleKind, 'custom'>, db: Database = this.db): Promise<RoleRow | undefined> {
    return this.rows(db, bookId).where('r.kind', '=', kind).executeTakeFirst() as Promise<RoleRow | undefined>;
  }

  async count(bookId: string, db: Database = this.db): Promise<number> {
    const row = await db
      .selectFrom('book_roles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(
    db: Database,
    row: {
      book_id: string;
      name: string;
      description: string;
      permissions: string[];
      price_minor: string;
      billing_type: RoleRow['billing_type'];
    },
  ): Promise<string> {
    const created = await db
      .insertInto('book_roles')
      .values({ ...row, kind: 'custom' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  update(
    db: Database,
    bookId: string,
    roleId: string,
    patch: Partial<Pick<RoleRow, 'name' | 'description' | 'permissions' | 'price_minor' | 'billing_type'>>,
    now: Date,
  ) {
    return db
      .updateTable('book_roles')
      .set({ ...patch, updated_at: now })
      .where('book_id', '=', bookId)
      .where('id', '=', roleId)
      .execute();
  }

  async remove(db: Database, bookId: string, roleId: string): Promise<void> {
    await db.deleteFrom('book_roles').where('book_id', '=', bookId).where('id', '=', roleId).where('kind', '=', 'custom').execute();
  }
}
