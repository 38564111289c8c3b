import type { Insertable, Selectable, UpdateObject } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookMigrationsTable, BookZonesTable, DB, PrivateZonesTable } from '../../platform/db/schema.ts';

export type ZoneRow = Selectable<PrivateZonesTable>;
export type BookZoneRow = Selectable<BookZonesTable>;
export type MigrationRow = Selectable<BookMigrationsTable>;
export type MigrationPatch = UpdateObject<DB, 'book_migrations'>;

const OPEN = ['copying', 'verifying', 'cut_over'] as const;

/** SQL of private zones, where books are, and their moves (migration 0026). */
export class ZonesRepository {
  insertZone(db: Database, v: Insertable<PrivateZonesTable>): Promise<ZoneRow> {
    return db.insertInto('private_zones').values(v).returningAll().executeTakeFirstOrThrow();
  }

  /** Zones with how many books live in each. */
  private withBooks(db: Database) {
    return db
      .selectFrom('private_zones as z')
      .selectAll('z')
      .select((eb) =>
        eb
          .selectFrom('book_zones as b')
          .whereRef('b.zone_id', '=', 'z.id')
          .where('b.state', '=', 'remote')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('books'),
      );
  }

  zonesOf(db: Database, userId: string): Promise<Array<ZoneRow & { books: number }>> {
    return this.withBooks(db).where('z.user_id', '=', userId).orderBy('z.id', 'desc').limit(20).execute() as Promise<
      Array<ZoneRow & { books: number }>
    >;
  }

  zone(db: Database, id: string): Promise<ZoneRow | undefined> {
    return db.selectFrom('private_zones').selectAll().where('id', '=', id).executeTakeFirst();
  }

  countZones(db: Database, userId: string): Promise<number> {
    return db
      .selectFrom('private_zones')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
      .then((r) => r.n);
  }

  markSeen(db: Database, id: string, at: Date): Promise<unknown> {
    return db
      .updateTable('private_zones')
      .set({ last_seen_at: at, deployed_at: sql`coalesce(deployed_at, ${at})` })
      .where('id', '=', id)
      .execute();
  }

  revoke(db: Database, id: string, at: Date): Promise<ZoneRow | undefined> {
    return db
      .updateTable('private_zones')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  bookZone(db: Database, bookId: string): Promise<BookZoneRow | undefined> {
    return db.selectFrom('book_zones').selectAll().where('book_id', '=', bookId).executeTakeFirst();
  }

  allBookZones(db: Database): Promise<BookZoneRow[]> {
    return db.selectFrom('book_zones').selectAll().execute();
  }

  setBookZone(db: Database, v: { bookId: string; zoneId: string; state: BookZoneRow['state']; at: Date }): Promise<unknown> {
    return db
      .insertInto('book_zones')
      .values({ book_id: v.bookId, zone_id: v.zoneId, state: v.state, changed_at: v.at })
      .onConflict((oc) => oc.column('book_id').doUpdateSet({ zone_id: v.zoneId, state: v.state, changed_at: v.at }))
      .execute();
  }

  clearBookZone(db: Database, bookId: string): Promise<unknown> {
    return db.deleteFrom('book_zones').where('book_id', '=', bookId).execute();
  }

  nextMigrationId(db: Database): Promise<string> {
    return sql<{ id: string }>`SELECT nextval('book_migrations_id_seq')::text AS id`.execute(db).then((r) => r.rows[0]!.id);
  }

  /** A new migration; undefined when one is under way for the book already (the partial unique index). */
  async insertMigration(db: Database, v: Insertable<BookMigrationsTable>): Promise<MigrationRow | undefined> {
    return db
      .insertInto('book_migrations')
      .values(v)
      .onConflict((oc) =>
        oc
          .column('book_id')
          .where('status', 'in', [...OPEN])
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  migration(db: Database, id: string): Promise<MigrationRow | undefined> {
    return db.selectFrom('book_migrations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  latestMigration(db: Database, bookId: string, type?: MigrationRow['migration_type']): Promise<MigrationRow | undefined> {
    let q = db.selectFrom('book_migrations').selectAll().where('book_id', '=', bookId);
    if (type) q = q.where('migration_type', '=', type);
    return q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  openMigration(db: Database, bookId: string): Promise<MigrationRow | undefined> {
    return db
      .selectFrom('book_migrations')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('status', 'in', [...OPEN])
      .executeTakeFirst();
  }

  /** Changes a migration; `from`: only while its status is one of these (undefined when it is not). */
  patchMigration(
    db: Database,
    id: string,
    patch: MigrationPatch,
    from?: readonly MigrationRow['status'][],
  ): Promise<MigrationRow | undefined> {
    let q = db.updateTable('book_migrations').set(patch).where('id', '=', id);
    if (from) q = q.where('status', 'in', [...from]);
    return q.returningAll().executeTakeFirst();
  }

  /** Takes the right to drive a migration this side sends, when nobody holds it (or their lease ran out). */
  claim(db: Database, id: string, owner: string, now: Date, until: Date): Promise<MigrationRow | undefined> {
    return db
      .updateTable('book_migrations')
      .set({ lease_owner: owner, lease_until: until })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('status', 'in', [...OPEN]), eb('abort_pending', '=', true)]))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves this side sends (or must still tell the other side about) that nobody drives now. */
  pending(db: Database, now: Date): Promise<MigrationRow[]> {
    return db
      .selectFrom('book_migrations')
      .selectAll()
      .where('source', '=', true)
      .where((eb) => eb.or([eb('status', 'in', [...OPEN]), eb('abort_pending', '=', true)]))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('id')
      .limit(50)
      .execute();
  }

  /** Whether the user moved a book to a private zone before, or is moving one (the first order is free). */
  async movedBefore(db: Database, userId: string): Promise<boolean> {
    const r = await db
      .selectFrom('book_migrations')
      .select('id')
      .where('started_by', '=', userId)
      .where('migration_type', '=', 'public-to-private')
      .where('status', 'in', [...OPEN, 'done'])
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Every zone, newest first (the operator's list). */
  allZones(db: Database, limit: number): Promise<Array<ZoneRow & { books: number }>> {
    return this.withBooks(db).orderBy('z.id', 'desc').limit(limit).execute() as Promise<Array<ZoneRow & { books: number }>>;
  }

  /** Moves under way first, then the latest ended (the operator's list). */
  recentMigrations(db: Database, limit: number): Promise<MigrationRow[]> {
    return db
      .selectFrom('book_migrations')
      .selectAll()
      .orderBy(sql`status IN ('copying', 'verifying', 'cut_over')`, 'desc')
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
  }
}
