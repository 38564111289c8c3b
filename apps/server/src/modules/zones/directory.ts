import type { Broadcast } from '../../platform/broadcast.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BookPlace } from '../../http/book-scope.ts';
import type { ZonesRepository } from './zones.repository.ts';

export type { BookPlace };

const CHANNEL = 'book-zones';

/**
 * Where each book is, asked by every book-scoped call (http/route.ts): most books are
 * here, so the few that are not are kept in memory when every instance hears of every
 * change (the answer cache's rule, config.ts); otherwise each call asks the database (a
 * key lookup in a table of the books that moved).
 */
export class ZoneDirectory {
  private places?: Promise<Map<string, BookPlace>>;

  constructor(
    private readonly db: Database,
    private readonly repo: ZonesRepository,
    private readonly broadcast: Broadcast | undefined,
  ) {
    broadcast?.subscribe(CHANNEL, (bookId) => void this.reload(bookId));
  }

  private load(): Promise<Map<string, BookPlace>> {
    this.places ??= this.repo
      .allBookZones(this.db)
      .then((rows) => new Map(rows.map((r) => [r.book_id, { zoneId: r.zone_id, state: r.state }])));
    return this.places;
  }

  /** Where the book is; undefined: here. */
  async placeOf(bookId: string): Promise<BookPlace | undefined> {
    if (!this.broadcast) {
      const row = await this.repo.bookZone(this.db, bookId);
      return row ? { zoneId: row.zone_id, state: row.state } : undefined;
    }
    return (await this.load()).get(bookId);
  }

  private async reload(bookId: string): Promise<void> {
    if (!this.places) return;
    const places = await this.places;
    const row = await this.repo.bookZone(this.db, bookId);
    if (row) places.set(bookId, { zoneId: row.zone_id, state: row.state });
    else places.delete(bookId);
  }

  /** The book's place changed (committed): every instance reads it again. */
  async forget(bookId: string): Promise<void> {
    if (!this.broadcast) return;
    // This instance at once (the caller's next call sees it), the others when they hear.
    await this.reload(bookId);
    this.broadcast.publish(CHANNEL, bookId);
  }
}
