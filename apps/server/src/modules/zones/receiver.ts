import crypto from 'node:crypto';
import { IMAGES_TABLE, type ImportBeginBody, type ImportImageBody, type ImportRowsBody } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { USERS, type BookRows, type Checksum } from './book-rows.ts';
import type { MigrationRow, ZonesRepository } from './zones.repository.ts';
import type { ZoneDirectory } from './directory.ts';

/** Who is calling a link endpoint: the zone both sides sign as, and whether this side is that zone (the caller is the public zone). */
export interface LinkCaller {
  zoneId: string;
  fromPublic: boolean;
}

/** The digest of a book's image files: "key:sha256" lines in key order, counted. */
export async function imagesDigest(rows: BookRows, storage: FileStorage, bookId: string): Promise<Checksum> {
  const lines: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await rows.imageKeys(bookId, after, 500);
    for (const img of page) {
      const bytes = await storage.readPrivate(img.key);
      lines.push(`${img.key}:${bytes ? crypto.createHash('sha256').update(bytes).digest('hex') : 'missing'}`);
    }
    if (page.length < 500) break;
    after = page.at(-1)!.id;
  }
  lines.sort();
  return { count: lines.length, sum: lines.length ? crypto.createHash('md5').update(lines.join('\n')).digest('hex') : '' };
}

/**
 * The receiving side of a move (docs/zones.md): the sender begins it, sends rows by chunks
 * and files one by one, asks for each table's count and checksum, then commits or aborts.
 * Every call is idempotent, so a sender that restarts sends again what it is not sure of.
 */
export class Receiver {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: ZonesRepository,
    private readonly rows: BookRows,
    private readonly storage: FileStorage,
    private readonly directory: ZoneDirectory,
  ) {}

  /**
   * A zone takes a book the public zone gives it. The public zone takes a book back only
   * when its owner asked (private-to-public made the migration here); from any other zone,
   * or for another book, it is refused.
   */
  async begin(caller: LinkCaller, b: ImportBeginBody): Promise<void> {
    const now = new Date(this.clock.now());
    await this.db.transaction().execute(async (tx) => {
      const known = await this.repo.migration(tx, b.migration_id);
      if (caller.fromPublic) {
        if (b.migration_type !== 'public-to-private') throw new AppError('zones.bookNotGiven');
        if (known) {
          if (known.book_id !== b.book_id) throw new AppError('zones.bookNotGiven');
          return;
        }
        const here = await this.repo.bookZone(tx, b.book_id);
        const exists = await tx.selectFrom('books').select('id').where('id', '=', b.book_id).executeTakeFirst();
        // A book that lives here already is not taken over by another copy.
        if (exists && !here) throw new AppError('zones.migrationExists');
        const inserted = await this.repo.insertMigration(tx, {
          id: b.migration_id,
          book_id: b.book_id,
          zone_id: caller.zoneId,
          migration_type: b.migration_type,
          source: false,
          status: 'copying',
          tables_total: b.tables_total,
          rows_total: String(b.rows_total),
          images_total: b.images_total,
          started_at: now,
        });
        if (!inserted) throw new AppError('zones.migrationExists');
        await this.repo.setBookZone(tx, { bookId: b.book_id, zoneId: caller.zoneId, state: 'incoming', at: now });
      } else {
        const m = await this.expect(tx, caller, b.migration_id);
        if (m.book_id !== b.book_id || m.migration_type !== 'private-to-public') throw new AppError('zones.bookNotGiven');
        await this.repo.patchMigration(tx, m.id, {
          tables_total: b.tables_total,
          rows_total: String(b.rows_total),
          images_total: b.images_total,
        });
      }
    });
    await this.directory.forget(b.book_id);
  }

  /** The migration this side receives, open and the caller's; refused otherwise. */
  private async expect(
    db: Database,
    caller: LinkCaller,
    id: string,
    statuses = ['copying', 'verifying', 'cut_over'],
  ): Promise<MigrationRow> {
    const m = await this.repo.migration(db, id);
    if (!m || m.source || m.zone_id !== caller.zoneId) throw new AppError('zones.bookNotGiven');
    if (!statuses.includes(m.status)) throw new AppError('zones.migrationNotFound');
    return m;
  }

  async rowsChunk(caller: LinkCaller, b: ImportRowsBody): Promise<void> {
    if (!(await this.rows.moves(b.table))) throw new AppError('zones.bookNotGiven');
    await this.db.transaction().execute(async (tx) => {
      const m = await this.expect(tx, caller, b.migration_id, ['copying', 'verifying']);
      if (b.rows.length && !(await this.rows.writeChunk(tx, m.book_id, b.table, b.rows, m.id))) throw new AppError('zones.bookNotGiven');
      await this.repo.patchMigration(tx, m.id, {
        status: 'copying',
        cursor_table: b.last ? b.table : null,
        cursor_key: b.last ? JSON.stringify(b.last) : null,
        tables_done: b.tables_done,
        rows_copied: (eb) => eb('rows_copied', '+', String(b.table === USERS ? 0 : b.rows.length)),
      });
    });
  }

  async image(caller: LinkCaller, b: ImportImageBody): Promise<void> {
    const m = await this.expect(this.db, caller, b.migration_id, ['copying']);
    // Only a file the book's rows name (sent before the files) is taken.
    const row = await this.db
      .selectFrom('book_images')
      .select('id')
      .where('book_id', '=', m.book_id)
      .where('storage_key', '=', b.key)
      .executeTakeFirst();
    if (!row) throw new AppError('zones.bookNotGiven');
    const bytes = Buffer.from(b.data, 'base64');
    if (crypto.createHash('sha256').update(bytes).digest('hex') !== b.sha256) throw new AppError('validation.invalid', { field: 'sha256' });
    await this.storage.writePrivate(b.key, bytes);
    await this.repo.patchMigration(this.db, m.id, { images_copied: (eb) => eb('images_copied', '+', 1) });
  }

  /** A table's count and checksum here, once the rows the sender no longer has are gone. */
  async verify(caller: LinkCaller, b: { migration_id: string; table: string }): Promise<Checksum> {
    const m = await this.expect(this.db, caller, b.migration_id, ['copying', 'verifying']);
    if (m.status === 'copying')
      await this.repo.patchMigration(this.db, m.id, { status: 'verifying', cursor_table: null, cursor_key: null });
    if (b.table === IMAGES_TABLE) return imagesDigest(this.rows, this.storage, m.book_id);
    if (!(await this.rows.moves(b.table))) throw new AppError('zones.bookNotGiven');
    await this.db.transaction().execute((tx) => this.rows.prune(tx, m.book_id, b.table, m.id));
    return this.rows.checksum(m.book_id, b.table);
  }

  /** The book is here now: usable, its move done. Committing again answers the same. */
  async commit(caller: LinkCaller, id: string): Promise<void> {
    const m = await this.expect(this.db, caller, id, ['copying', 'verifying', 'cut_over', 'done']);
    if (m.status === 'done') return;
    const now = new Date(this.clock.now());
    await this.db.transaction().execute(async (tx) => {
      await this.repo.patchMigration(tx, m.id, { status: 'done', finished_at: now, cursor_table: null, cursor_key: null, error: null });
      await this.repo.clearBookZone(tx, m.book_id);
      await this.rows.dropKeys(tx, m.id);
    });
    await this.directory.forget(m.book_id);
    await this.rows.analyze();
  }

  /**
   * The sender gave up (a cancel or a failure): what was copied here goes. The public zone
   * taking a book back keeps its pointer, and the book stays where it was.
   */
  async abort(caller: LinkCaller, id: string, error?: string): Promise<void> {
    const m = await this.repo.migration(this.db, id);
    if (!m || m.source || m.zone_id !== caller.zoneId) throw new AppError('zones.bookNotGiven');
    if (m.status === 'done') throw new AppError('zones.tooLate');
    // A sender that failed says why; one that was cancelled says nothing.
    await this.removeCopy(m, error ? 'failed' : m.status === 'failed' ? 'failed' : 'cancelled', error);
  }

  /** Removes this side's partial copy of a move it received, and ends the move with `status`. */
  async removeCopy(m: MigrationRow, status: 'cancelled' | 'failed', error?: string): Promise<void> {
    const keepPointer = m.migration_type === 'private-to-public';
    const files = await this.rows.allImageKeys(m.book_id);
    const now = new Date(this.clock.now());
    await this.db.transaction().execute(async (tx) => {
      await this.rows.deleteBook(tx, m.book_id, keepPointer);
      await this.rows.dropKeys(tx, m.id);
      if (keepPointer) await this.repo.setBookZone(tx, { bookId: m.book_id, zoneId: m.zone_id, state: 'remote', at: now });
      else await this.repo.clearBookZone(tx, m.book_id);
      await this.repo.patchMigration(tx, m.id, { status, finished_at: now, error: error ?? m.error, abort_pending: false });
    });
    await this.directory.forget(m.book_id);
    for (const key of files) await this.storage.removePrivate(key);
  }
}
