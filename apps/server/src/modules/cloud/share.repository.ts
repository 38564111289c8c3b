import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookSpaceSharesTable } from '../../platform/db/schema.ts';

export type ShareRow = Selectable<BookSpaceSharesTable>;
/** A share row with the names shown of it. */
export interface ShareView extends ShareRow {
  main_book_name: string;
  book_name: string;
  applicant_name: string;
}

/** SQL of books sharing a main book's space (migration 0025). Queries lead with the book's id. */
export class ShareRepository {
  /** The book's open row (applied or active), as the sharing side. */
  openOf(db: Database, bookId: string): Promise<ShareView | undefined> {
    return this.views(db).where('s.book_id', '=', bookId).where('s.status', 'in', ['applied', 'active']).executeTakeFirst();
  }

  /** The rows of books sharing, or applying to share, this main book. */
  ofMain(db: Database, mainBookId: string, status: 'applied' | 'active'): Promise<ShareView[]> {
    return this.views(db).where('s.main_book_id', '=', mainBookId).where('s.status', '=', status).orderBy('s.id').execute();
  }

  async countActive(db: Database, mainBookId: string): Promise<number> {
    const r = await db
      .selectFrom('book_space_shares')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('main_book_id', '=', mainBookId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The main book this book's space is pooled under now: the main it shares, or itself. */
  async mainOf(db: Database, bookId: string): Promise<string> {
    const r = await db
      .selectFrom('book_space_shares')
      .select('main_book_id')
      .where('book_id', '=', bookId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return r?.main_book_id ?? bookId;
  }

  /** The books of a main book's relation: the main first, then those sharing it. */
  async relationBooks(db: Database, mainBookId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('book_space_shares')
      .select('book_id')
      .where('main_book_id', '=', mainBookId)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    return [mainBookId, ...rows.map((r) => r.book_id)];
  }

  byId(db: Database, id: string): Promise<ShareView | undefined> {
    return this.views(db).where('s.id', '=', id).executeTakeFirst();
  }

  async insert(tx: Database, v: { mainBookId: string; bookId: string; applicantId: string; at: Date }): Promise<string> {
    const r = await tx
      .insertInto('book_space_shares')
      .values({ main_book_id: v.mainBookId, book_id: v.bookId, applicant_id: v.applicantId, status: 'applied', created_at: v.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /** applied -> active | rejected, on the main book; false when it was no longer waiting. */
  async decide(tx: Database, o: { id: string; mainBookId: string; to: 'active' | 'rejected'; by: string; at: Date }): Promise<boolean> {
    const r = await tx
      .updateTable('book_space_shares')
      .set({ status: o.to, decided_by: o.by, decided_at: o.at })
      .where('id', '=', o.id)
      .where('main_book_id', '=', o.mainBookId)
      .where('status', '=', 'applied')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** active (or applied: withdrawn) -> untied; false when it was neither. */
  async untie(tx: Database, o: { id: string; by: string; at: Date }): Promise<boolean> {
    const r = await tx
      .updateTable('book_space_shares')
      .set({ status: 'untied', untied_by: o.by, untied_at: o.at })
      .where('id', '=', o.id)
      .where('status', 'in', ['applied', 'active'])
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /**
   * Books the user may apply to share from `bookId`: books they are a member of, live,
   * other than it, with rented space in effect, and not themselves sharing another's.
   */
  candidates(db: Database, userId: string, bookId: string, now: Date) {
    return db
      .selectFrom('book_users as bu')
      .innerJoin('books as b', 'b.id', 'bu.book_id')
      .innerJoin('book_space_grants as g', 'g.book_id', 'b.id')
      .select(['b.id', 'b.name', sql<string>`sum(g.capacity_mb)::text`.as('rented_mb')])
      .where('bu.user_id', '=', userId)
      .where('b.deleted_at', 'is', null)
      .where('b.id', '<>', bookId)
      .where('g.starts_at', '<=', now)
      .where('g.ends_at', '>', now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('book_space_shares as s')
              .select('s.id')
              .whereRef('s.book_id', '=', 'b.id')
              .where('s.status', 'in', ['applied', 'active']),
          ),
        ),
      )
      .groupBy(['b.id', 'b.name'])
      .orderBy('b.id')
      .limit(100)
      .execute();
  }

  private views(db: Database) {
    return db
      .selectFrom('book_space_shares as s')
      .innerJoin('books as m', 'm.id', 's.main_book_id')
      .innerJoin('books as b', 'b.id', 's.book_id')
      .innerJoin('users as u', 'u.id', 's.applicant_id')
      .selectAll('s')
      .select(['m.name as main_book_name', 'b.name as book_name', 'u.nickname as applicant_name']);
  }
}
