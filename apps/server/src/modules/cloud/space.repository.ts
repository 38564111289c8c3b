import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookSpaceGrantsTable, PackagesTable } from '../../platform/db/schema.ts';

export type SpaceGrantRow = Selectable<BookSpaceGrantsTable>;
export type SpacePackageRow = Selectable<PackagesTable>;

/** A grant with what is shown of it: its book, its package's names, its days left in the book's zone. */
export interface GrantView extends SpaceGrantRow {
  book_name: string;
  name: string;
  name_en: string;
  days_left: number;
  /** The grant's last day in effect, yyyy-mm-dd in the book's time zone. */
  last_day: string;
}

/** SQL of rented cloud space (migration 0025). Book queries lead with book_id. */
export class SpaceRepository {
  /** The space packages on sale, in the catalogue's order. */
  onSale(db: Database): Promise<SpacePackageRow[]> {
    return db
      .selectFrom('packages')
      .selectAll()
      .where('capacity_mb', 'is not', null)
      .where('withdrawn_at', 'is', null)
      .orderBy('position')
      .orderBy('combo_id')
      .execute();
  }

  /**
   * Writes the grant of a paid order: from `now` to the end of the local day `days` days
   * on, in the book's time zone. Once per order (its order number is unique).
   */
  async grant(tx: Database, o: { bookId: string; orderNo: string; comboId: string; now: Date }): Promise<SpaceGrantRow> {
    const r = await sql<SpaceGrantRow>`
      INSERT INTO book_space_grants (book_id, order_no, combo_id, capacity_mb, starts_at, ends_at)
      SELECT b.id, ${o.orderNo}, p.combo_id, p.capacity_mb, ${o.now}::timestamptz,
        (date_trunc('day', ${o.now}::timestamptz AT TIME ZONE b.time_zone) + make_interval(days => p.days + 1)) AT TIME ZONE b.time_zone
      FROM books b, packages p
      WHERE b.id = ${o.bookId} AND p.combo_id = ${o.comboId} AND p.capacity_mb IS NOT NULL
      ON CONFLICT (order_no) DO NOTHING
      RETURNING *`.execute(tx);
    const row = r.rows[0] ?? (await tx.selectFrom('book_space_grants').selectAll().where('order_no', '=', o.orderNo).executeTakeFirst());
    if (!row) throw new Error(`order ${o.orderNo} names no space package`);
    return row;
  }

  /** The grants of these books in effect at `now`, ending first first. */
  inEffect(db: Database, bookIds: readonly string[], now: Date): Promise<GrantView[]> {
    return this.views(db, now)
      .where('g.book_id', 'in', [...bookIds])
      .where('g.starts_at', '<=', now)
      .where('g.ends_at', '>', now)
      .orderBy('g.ends_at')
      .orderBy('g.id')
      .execute();
  }

  /** One grant of these books, in effect or not. */
  byId(db: Database, bookIds: readonly string[], id: string, now: Date): Promise<GrantView | undefined> {
    return this.views(db, now)
      .where('g.book_id', 'in', [...bookIds])
      .where('g.id', '=', id)
      .executeTakeFirst();
  }

  /** Grants with their book's and package's names, their last day and their days left at `now`, in the book's zone. */
  private views(db: Database, now: Date) {
    return db
      .selectFrom('book_space_grants as g')
      .innerJoin('books as b', 'b.id', 'g.book_id')
      .innerJoin('packages as p', 'p.combo_id', 'g.combo_id')
      .selectAll('g')
      .select(['b.name as book_name', 'p.name', 'p.name_en'])
      .select(sql<string>`to_char((g.ends_at AT TIME ZONE b.time_zone)::date - 1, 'YYYY-MM-DD')`.as('last_day'))
      .select(
        sql<number>`((g.ends_at AT TIME ZONE b.time_zone)::date - (${now}::timestamptz AT TIME ZONE b.time_zone)::date - 1)`.as(
          'days_left',
        ),
      );
  }

  /** MB of rented space in effect for these books, summed. */
  async rentedMb(db: Database, bookIds: readonly string[], now: Date): Promise<number> {
    const r = await db
      .selectFrom('book_space_grants')
      .select(sql<string>`coalesce(sum(capacity_mb), 0)::text`.as('mb'))
      .where('book_id', 'in', [...bookIds])
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(r.mb);
  }

  /** Bytes the images of these books take. */
  async usedBytes(db: Database, bookIds: readonly string[]): Promise<number> {
    const r = await db
      .selectFrom('book_images')
      .select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as('n'))
      .where('book_id', 'in', [...bookIds])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Bytes each of these books' images take. */
  async usedBytesEach(db: Database, bookIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('book_images')
      .select(['book_id', sql<string>`sum(size_bytes)::text`.as('n')])
      .where('book_id', 'in', [...bookIds])
      .groupBy('book_id')
      .execute();
    return new Map(rows.map((r) => [r.book_id, Number(r.n)]));
  }

  /** Locks the books' rows against each other's space changes (not against new rows referring to them), in id order. */
  async lockBooks(tx: Database, bookIds: readonly string[]): Promise<void> {
    const ids = [...new Set(bookIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    for (const id of ids) await tx.selectFrom('books').select('id').where('id', '=', id).forNoKeyUpdate().execute();
  }

  /**
   * Grants whose end is to be told, of one kind: `ending` (within `days` days of now, not
   * yet told) or `ended` (ended by now, not yet told), taken for telling: the flag is set
   * here, in the caller's transaction, so a second run or instance finds them told.
   */
  async takeUntold(tx: Database, kind: 'ending' | 'ended', now: Date, days: number, limit: number): Promise<GrantView[]> {
    const flag = kind === 'ending' ? sql.ref('told_ending_at') : sql.ref('told_ended_at');
    const due =
      kind === 'ending'
        ? sql`g.ends_at > ${now}::timestamptz AND g.ends_at <= ${now}::timestamptz + make_interval(days => ${days})`
        : sql`g.ends_at <= ${now}::timestamptz`;
    const r = await sql<GrantView>`
      WITH taken AS (
        UPDATE book_space_grants AS g SET ${flag} = ${now}::timestamptz
        WHERE g.id IN (
          SELECT g.id FROM book_space_grants g
          WHERE g.told_ended_at IS NULL AND g.${flag} IS NULL AND ${due}
          ORDER BY g.ends_at, g.id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) AND g.${flag} IS NULL
        RETURNING g.*
      )
      SELECT t.*, b.name AS book_name, p.name, p.name_en,
        to_char((t.ends_at AT TIME ZONE b.time_zone)::date - 1, 'YYYY-MM-DD') AS last_day,
        ((t.ends_at AT TIME ZONE b.time_zone)::date - (${now}::timestamptz AT TIME ZONE b.time_zone)::date - 1) AS days_left
      FROM taken t JOIN books b ON b.id = t.book_id JOIN packages p ON p.combo_id = t.combo_id
      ORDER BY t.ends_at, t.id`.execute(tx);
    return r.rows;
  }

  /** Who is told of a book's space: its owner. */
  async ownerOf(db: Database, bookId: string): Promise<string | undefined> {
    const r = await db
      .selectFrom('book_users as bu')
      .innerJoin('book_roles as ro', (j) => j.onRef('ro.book_id', '=', 'bu.book_id').onRef('ro.id', '=', 'bu.role_id'))
      .select('bu.user_id')
      .where('bu.book_id', '=', bookId)
      .where('ro.kind', '=', 'owner')
      .executeTakeFirst();
    return r?.user_id;
  }

  async buyerOf(db: Database, orderNo: string): Promise<string | undefined> {
    const r = await db.selectFrom('purchasing_orders').select('user_id').where('order_no', '=', orderNo).executeTakeFirst();
    return r?.user_id;
  }
}
