import crypto from 'node:crypto';
import os from 'node:os';
import { ErrorCode, IMAGES_TABLE, ZONE_LINK_PATHS } from '@cab/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { USERS, type BookRows, type Checksum } from './book-rows.ts';
import type { ZoneDirectory } from './directory.ts';
import { LinkError, type LinkClient, type LinkPeer } from './link-client.ts';
import { imagesDigest } from './receiver.ts';
import type { MigrationPatch, MigrationRow, ZonesRepository } from './zones.repository.ts';

export interface MoverOptions {
  /** How long a driver holds a move before another instance may take it over. */
  leaseMs: number;
  /** The waits between tries when the other side does not answer, before leaving it to the job. */
  retryMs: readonly number[];
  owner?: string;
  /** Rows a chunk carries (CHUNK_ROWS; tests take fewer, so a kill lands mid-copy). */
  chunkRows?: number;
  /** Where a drive's troubles are told (the server's log). */
  log?: (msg: string, fields: object) => void;
}

/** A move that cannot go on: it fails, and the other side is told to remove its copy. */
class MoveFailed extends Error {}

/**
 * The sending side of a move (docs/zones.md, "Moving"): it drives the move from where its
 * row says it stands. Rows go table by table in chunks, then the files; each table and
 * the files are checked on both sides; then the other side commits and this side keeps
 * only what it should. One instance drives a move at a time (a lease on its row); a
 * driver killed part-way is followed by the next one from the last chunk the row records.
 */
export class Mover {
  private readonly running = new Map<string, Promise<void>>();
  private halted = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: ZonesRepository,
    private readonly rows: BookRows,
    private readonly storage: FileStorage,
    private readonly link: LinkClient,
    private readonly directory: ZoneDirectory,
    /** The other side of a move: the zone (on the public zone), or the public zone (on a zone). */
    private readonly peerOf: (m: MigrationRow) => Promise<LinkPeer | undefined>,
    /** What this side keeps once the book is gone: the pointer on the public zone, nothing on a zone. */
    private readonly afterMove: (tx: Database, m: MigrationRow) => Promise<void>,
    /** What a move that failed gives back (its price), within the failing transaction. */
    private readonly afterFail: (tx: Database, m: MigrationRow) => Promise<void>,
    private readonly o: MoverOptions,
  ) {}

  private get owner(): string {
    return this.o.owner ?? `${os.hostname()}:${process.pid}`;
  }

  /** Drives the move in the background (the caller's answer does not wait); one drive per move per instance. */
  start(id: string): Promise<void> {
    const current = this.running.get(id);
    if (current) return current;
    const run = this.drive(id)
      .catch(() => undefined)
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  /** Takes up every move nobody drives (its driver died, or gave up waiting): the job's work. The drives go on in the background. */
  async resume(): Promise<number> {
    if (this.halted) return 0;
    const pending = await this.repo.pending(this.db, new Date(this.clock.now()));
    for (const m of pending) void this.start(m.id);
    return pending.length;
  }

  /** Waits for the drives in flight (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  /** A stop: each drive ends after its chunk in flight and leaves its move to the next instance (its lease let go). */
  async halt(): Promise<void> {
    this.halted = true;
    await this.idle();
  }

  private lease(): { lease_owner: string; lease_until: Date } {
    return { lease_owner: this.owner, lease_until: new Date(this.clock.now() + this.o.leaseMs) };
  }

  private async patch(m: MigrationRow, p: MigrationPatch): Promise<MigrationRow> {
    const next = await this.repo.patchMigration(this.db, m.id, { ...p, ...this.lease() });
    return next ?? m;
  }

  async drive(id: string): Promise<void> {
    const now = new Date(this.clock.now());
    let m = await this.repo.claim(this.db, id, this.owner, now, new Date(now.getTime() + this.o.leaseMs));
    if (!m?.source) return;
    let tries = 0;
    for (;;) {
      if (this.halted) {
        await this.repo.patchMigration(this.db, id, { lease_until: new Date(this.clock.now()) });
        return;
      }
      try {
        m = await this.step(m);
        tries = 0;
        if (!m) return;
      } catch (err) {
        const current = await this.repo.migration(this.db, id);
        if (!current) return;
        // Once the other side may have committed, the move only goes forward: never failed here.
        const final = current.status === 'cut_over';
        if (!final && (err instanceof MoveFailed || (err instanceof LinkError && !err.offline))) {
          await this.fail(current, err);
          return;
        }
        const wait = this.o.retryMs[tries++];
        this.o.log?.('a move between zones waits for the other side', { migration: id, status: current.status, err: String(err), wait });
        m = await this.patch(current, { error: err instanceof Error ? err.message : String(err), attempts: current.attempts + 1 });
        if (wait === undefined) {
          // The other side is down for long: the job tries again later.
          await this.repo.patchMigration(this.db, id, { lease_until: new Date(this.clock.now()) });
          return;
        }
        await new Promise((r) => setTimeout(r, this.halted ? 0 : wait));
      }
    }
  }

  /** One piece of work; answers the row to go on with, or undefined when there is nothing left. */
  private async step(m: MigrationRow): Promise<MigrationRow | undefined> {
    const fresh = (await this.repo.migration(this.db, m.id))!;
    if (fresh.abort_pending) return this.tellAbort(fresh);
    if (!['copying', 'verifying', 'cut_over'].includes(fresh.status)) return undefined;
    const peer = await this.peerOf(fresh);
    if (!peer) throw new MoveFailed('the other side is no longer registered');
    if (fresh.status === 'copying') return this.copy(fresh, peer);
    if (fresh.status === 'verifying') return this.verify(fresh, peer);
    return this.cutOver(fresh, peer);
  }

  private async tableNames(): Promise<string[]> {
    return [USERS, ...(await this.rows.catalogue()).ordered.map((t) => t.info.name)];
  }

  private async copy(m: MigrationRow, peer: LinkPeer): Promise<MigrationRow | undefined> {
    const tables = await this.tableNames();
    if (m.tables_done === 0 && m.cursor_table === null) {
      const [rowsTotal, imagesTotal] = [await this.rows.count(m.book_id), await this.rows.imageCount(m.book_id)];
      m = await this.patch(m, { tables_total: tables.length, rows_total: String(rowsTotal), images_total: imagesTotal });
    }
    // Begun each time a driver takes the move up: the other side answers the same again.
    await this.link.call(peer, 'POST', ZONE_LINK_PATHS.importBegin, {
      migration_id: m.id,
      book_id: m.book_id,
      migration_type: m.migration_type,
      tables_total: tables.length,
      rows_total: Number(m.rows_total),
      images_total: m.images_total,
    });
    for (let i = m.tables_done; i < tables.length; i++) {
      const table = tables[i]!;
      let after: string[] | null = m.cursor_table === table && m.cursor_key ? (JSON.parse(m.cursor_key) as string[]) : null;
      for (;;) {
        if (!(await this.stillCopying(m))) return m;
        const chunk = await this.rows.readChunk(m.book_id, table, after, this.o.chunkRows);
        const done = chunk.last === null || chunk.rows.length === 0;
        await this.link.call(peer, 'POST', ZONE_LINK_PATHS.importRows, {
          migration_id: m.id,
          table,
          rows: chunk.rows,
          last: done ? null : chunk.last,
          tables_done: done ? i + 1 : i,
        });
        m = await this.patch(m, {
          cursor_table: done ? null : table,
          cursor_key: done ? null : JSON.stringify(chunk.last),
          tables_done: done ? i + 1 : i,
          rows_copied: String(Number(m.rows_copied) + (table === USERS ? 0 : chunk.rows.length)),
        });
        if (done) break;
        after = chunk.last;
      }
    }
    // Then the files, after the rows that name them; the cursor is the last image row sent.
    let afterImage = m.cursor_table === IMAGES_TABLE ? m.cursor_key : null;
    for (;;) {
      if (!(await this.stillCopying(m))) return m;
      const page = await this.rows.imageKeys(m.book_id, afterImage, 20);
      for (const img of page) {
        const bytes = await this.storage.readPrivate(img.key);
        if (!bytes) throw new MoveFailed(`the file ${img.key} of the book is missing here`);
        await this.link.call(peer, 'POST', ZONE_LINK_PATHS.importImage, {
          migration_id: m.id,
          key: img.key,
          data: bytes.toString('base64'),
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        });
        m = await this.patch(m, { cursor_table: IMAGES_TABLE, cursor_key: img.id, images_copied: m.images_copied + 1 });
      }
      if (page.length < 20) break;
      afterImage = page.at(-1)!.id;
    }
    return this.patch(m, { status: 'verifying', cursor_table: null, cursor_key: null });
  }

  /** A cancel lands between chunks: the drive stops there. */
  private async stillCopying(m: MigrationRow): Promise<boolean> {
    if (this.halted) return false;
    const now = await this.repo.migration(this.db, m.id);
    return now?.status === 'copying' && !now.abort_pending;
  }

  private async verify(m: MigrationRow, peer: LinkPeer): Promise<MigrationRow | undefined> {
    for (const table of [...(await this.tableNames()), IMAGES_TABLE]) {
      const mine: Checksum =
        table === IMAGES_TABLE ? await imagesDigest(this.rows, this.storage, m.book_id) : await this.rows.checksum(m.book_id, table);
      const theirs = await this.link.call<Checksum>(peer, 'POST', ZONE_LINK_PATHS.importVerify, { migration_id: m.id, table });
      if (mine.count !== theirs.count || mine.sum !== theirs.sum) {
        throw new MoveFailed(`${table} differs after the copy: ${mine.count} rows here, ${theirs.count} there`);
      }
    }
    return this.patch(m, { status: 'cut_over' });
  }

  private async cutOver(m: MigrationRow, peer: LinkPeer): Promise<MigrationRow | undefined> {
    await this.link.call(peer, 'POST', ZONE_LINK_PATHS.importCommit, { migration_id: m.id });
    const files = await this.rows.allImageKeys(m.book_id);
    const now = new Date(this.clock.now());
    await this.db.transaction().execute(async (tx) => {
      await this.afterMove(tx, m);
      await this.repo.patchMigration(tx, m.id, {
        status: 'done',
        finished_at: now,
        error: null,
        cursor_table: null,
        cursor_key: null,
        lease_until: null,
      });
    });
    await this.directory.forget(m.book_id);
    for (const key of files) await this.storage.removePrivate(key);
    return undefined;
  }

  /** Tells the other side to remove its copy of a move that ended here (cancelled or failed). */
  private async tellAbort(m: MigrationRow): Promise<undefined> {
    const peer = await this.peerOf(m);
    if (peer) {
      try {
        await this.link.call(peer, 'POST', ZONE_LINK_PATHS.importAbort, {
          migration_id: m.id,
          ...(m.status === 'failed' && m.error ? { error: m.error.slice(0, 1000) } : {}),
        });
      } catch (err) {
        // It never began there, or ended already: nothing to remove.
        if (!(err instanceof LinkError) || err.offline) throw err;
      }
    }
    await this.repo.patchMigration(this.db, m.id, { abort_pending: false, lease_until: null });
    return undefined;
  }

  /** The move cannot go on: it fails, the book is usable here again, and the other side is told. */
  private async fail(m: MigrationRow, err: unknown): Promise<void> {
    this.o.log?.('a move between zones failed', { migration: m.id, status: m.status, err: String(err) });
    const refused = err instanceof LinkError && (err.code === ErrorCode.MIGRATION_NOT_FOUND || err.code === ErrorCode.MIGRATION_TOO_LATE);
    const now = new Date(this.clock.now());
    await this.db.transaction().execute(async (tx) => {
      const ended = await this.repo.patchMigration(
        tx,
        m.id,
        {
          status: refused ? 'cancelled' : 'failed',
          error: err instanceof Error ? err.message : String(err),
          finished_at: now,
          abort_pending: !refused,
          lease_until: null,
        },
        ['copying', 'verifying', 'cut_over'],
      );
      if (ended) {
        await this.repo.clearBookZone(tx, m.book_id);
        await this.afterFail(tx, ended);
      }
    });
    await this.directory.forget(m.book_id);
    if (!refused) await this.drive(m.id).catch(() => undefined);
  }
}
