import crypto from 'node:crypto';
import net from 'node:net';
import {
  IMAGES_TABLE,
  PRIVATE_MOVE_PRICE,
  WEB_APP_VERSION,
  ZONE_LINK_PATHS,
  type BookZone,
  type DirectoryResponse,
  type Migration,
  type PrivateZone,
  type RegisterZoneBody,
  type ServerEnv,
  type ZoneAuditStatus,
} from '@cab/contracts';
import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZoneSettings } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FunctionAppliesRepository } from '../cloud/function-applies.ts';
import { USERS, type BookRows, type Checksum } from './book-rows.ts';
import { imagesDigest } from './receiver.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ZoneDirectory } from './directory.ts';
import { LinkError, type LinkClient, type LinkPeer } from './link-client.ts';
import type { MigrationRow, ZoneRow, ZonesRepository } from './zones.repository.ts';

/** How many zones one user may keep registered. */
export const MAX_ZONES = 5;
const STORAGE = { type: 'storage', code: 'book_private_storage' } as const;

export const peerOfZone = (z: ZoneRow): LinkPeer => ({ baseUrl: z.base_url, zoneId: z.id, secret: z.secret });

export function migrationView(m: MigrationRow): Migration {
  return {
    id: m.id,
    book_id: m.book_id,
    zone_id: m.zone_id,
    migration_type: m.migration_type,
    status: m.status,
    table: m.cursor_table,
    tables_done: m.tables_done,
    tables_total: m.tables_total,
    rows_copied: Number(m.rows_copied),
    rows_total: Number(m.rows_total),
    images_copied: m.images_copied,
    images_total: m.images_total,
    free_trial: m.free_trial,
    price: m.charge_entry_id ? PRIVATE_MOVE_PRICE : '0.00',
    error: m.error,
    started_at: m.started_at.getTime(),
    finished_at: m.finished_at?.getTime() ?? null,
  };
}

/** Whether an address names this machine or a private network (a zone there is allowed only outside production). */
function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return true;
  if (net.isIPv4(h)) {
    const [a = 0, b = 0] = h.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(h))
    return h === '::1' || h === '::' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80') || h.startsWith('::ffff:');
  return false;
}

/**
 * Private zones as their owner sees them (docs/zones.md): registering one, the review
 * (the book_private_storage function apply), its server answering, where a book is, and
 * asking a book's zone again (the off-line page's retry).
 */
export class ZonesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: ZonesRepository,
    private readonly rows: BookRows,
    private readonly link: LinkClient,
    private readonly directory: ZoneDirectory,
    private readonly functions: FunctionAppliesRepository,
    private readonly settings: ZoneSettings,
  ) {}

  async auditOf(userId: string): Promise<ZoneAuditStatus | null> {
    return (await this.functions.of(this.db, userId, STORAGE.type, STORAGE.code))?.status ?? null;
  }

  private view(z: ZoneRow & { books?: number }, audit: ZoneAuditStatus | null): PrivateZone {
    return {
      id: z.id,
      name: z.name,
      base_url: z.base_url,
      audit_status: audit,
      server_deployed: z.deployed_at !== null,
      deployed_at: z.deployed_at?.getTime() ?? null,
      last_seen_at: z.last_seen_at?.getTime() ?? null,
      revoked: z.revoked_at !== null,
      books: z.books ?? 0,
      created_at: z.created_at.getTime(),
    };
  }

  async list(userId: string): Promise<PrivateZone[]> {
    const audit = await this.auditOf(userId);
    return (await this.repo.zonesOf(this.db, userId)).map((z) => this.view(z, audit));
  }

  /** Registers a zone once the review approved private storage; its secret is answered this once. */
  async register(userId: string, body: z.output<typeof RegisterZoneBody>, publicUrl: string) {
    if (this.settings.self) throw new AppError('zones.notHere');
    if ((await this.auditOf(userId)) !== 'approved') throw new AppError('zones.notApproved');
    const host = new URL(body.base_url).hostname;
    if (!this.settings.privateHosts && isPrivateHost(host)) throw new AppError('validation.invalid', { field: 'base_url' });
    if ((await this.repo.countZones(this.db, userId)) >= MAX_ZONES) throw new AppError('zones.tooMany', { max: MAX_ZONES });
    const secret = crypto.randomBytes(32).toString('base64url');
    const zone = await this.repo.insertZone(this.db, {
      user_id: userId,
      name: body.name,
      base_url: body.base_url,
      secret,
      created_at: new Date(this.clock.now()),
    });
    return {
      zone: this.view(zone, 'approved'),
      secret,
      env: { CAB_ZONE_ID: zone.id, CAB_ZONE_PUBLIC_URL: publicUrl, CAB_ZONE_SECRET: secret },
    };
  }

  /** Whether the zone answers its signed health check now (SPEC 4's server-deployed flag is set the first time). */
  async answers(zone: ZoneRow): Promise<boolean> {
    if (zone.revoked_at) return false;
    try {
      await this.link.call(peerOfZone(zone), 'GET', ZONE_LINK_PATHS.health);
      await this.repo.markSeen(this.db, zone.id, new Date(this.clock.now()));
      return true;
    } catch {
      return false;
    }
  }

  /** The zone a book should move to, or lives in: the book's, else the caller's newest one not revoked. */
  private async zoneFor(userId: string, bookZoneId: string | undefined): Promise<ZoneRow | undefined> {
    if (bookZoneId) return this.repo.zone(this.db, bookZoneId);
    return (await this.repo.zonesOf(this.db, userId)).find((z) => !z.revoked_at);
  }

  /** Where the Trading-Entity book is, and the private server page's state (SPEC 4). */
  async bookZone(userId: string, bookId: string): Promise<BookZone> {
    const [place, audit, latest, movedBefore] = await Promise.all([
      this.repo.bookZone(this.db, bookId),
      this.auditOf(userId),
      this.repo.latestMigration(this.db, bookId),
      this.repo.movedBefore(this.db, userId),
    ]);
    let zone = await this.zoneFor(userId, place?.zone_id);
    // A zone not yet seen is asked now: the page turns to "to be migrated" once it answers.
    if (zone && !zone.deployed_at && (await this.answers(zone))) zone = await this.repo.zone(this.db, zone.id);
    const open = latest && ['copying', 'verifying', 'cut_over'].includes(latest.status);
    const zoneState = place?.state === 'remote' ? 'remote' : open ? 'migrating' : 'local';
    let pageState: BookZone['page_state'] = null;
    if (open) pageState = 'migrating';
    else if (zoneState === 'local' && (audit === 'applied' || (audit === 'approved' && !zone))) pageState = 'to-deploy';
    else if (zoneState === 'local' && audit === 'approved' && zone) pageState = zone.deployed_at ? 'to-be-migrated' : 'approved-to-deploy';
    return {
      book_id: bookId,
      zone_state: zoneState,
      zone: zone ? this.view(zone, audit) : null,
      audit_status: audit,
      page_state: pageState,
      migration: latest ? migrationView(latest) : null,
      first_order_free: !movedBefore,
      price: movedBefore ? PRIVATE_MOVE_PRICE : '0.00',
    };
  }

  /** The environment and domain of the server serving the book: its zone's when it is in one. */
  async serverEnv(bookId: string | undefined, ownOrigin: string): Promise<ServerEnv> {
    const own: ServerEnv = {
      env: this.settings.env,
      zone_id: this.settings.self?.id ?? null,
      domain: ownOrigin,
      hosts: this.settings.envHosts,
    };
    const place = bookId ? await this.directory.placeOf(bookId) : undefined;
    if (!place || place.state !== 'remote') return own;
    const zone = await this.repo.zone(this.db, place.zoneId);
    return zone ? { ...own, zone_id: zone.id, domain: new URL(zone.base_url).origin } : own;
  }

  /**
   * Asks the book's zone again: when it answers, this side's pointer (the book's name,
   * roles and members) is brought up to date from it; when it does not, 0xF115.
   */
  async sync(bookId: string): Promise<{ book_id: string; zone_state: 'local' | 'migrating' | 'remote'; online: boolean }> {
    const place = await this.repo.bookZone(this.db, bookId);
    if (!place || place.state !== 'remote') return { book_id: bookId, zone_state: place ? 'migrating' : 'local', online: true };
    const zone = await this.repo.zone(this.db, place.zone_id);
    if (!zone || zone.revoked_at) throw new AppError('book.offline');
    let entry: z.infer<typeof DirectoryResponse>['data'];
    try {
      entry = await this.link.call(peerOfZone(zone), 'POST', ZONE_LINK_PATHS.directory, { book_id: bookId });
    } catch (err) {
      if (err instanceof LinkError && !err.offline && err.status !== undefined && err.status < 500) throw err;
      throw new AppError('book.offline');
    }
    await this.repo.markSeen(this.db, zone.id, new Date(this.clock.now()));
    await this.db.transaction().execute(async (tx) => {
      // The sync's keys are kept under a migration id no move uses (0), and dropped at once.
      for (const table of ['books', 'book_roles', 'book_users'] as const) {
        const sent = entry[table];
        if (sent.length && !(await this.rows.writeChunk(tx, bookId, table, sent, '0'))) throw new AppError('zones.bookNotGiven');
      }
      for (const table of ['book_users', 'book_roles'] as const) await this.rows.prune(tx, bookId, table, '0');
      await sql`DELETE FROM book_migration_keys WHERE migration_id = 0`.execute(tx);
    });
    return { book_id: bookId, zone_state: 'remote', online: true };
  }

  /** A zone's own view of a book it holds, for the public zone's pointer. */
  async directoryEntry(bookId: string): Promise<z.infer<typeof DirectoryResponse>['data']> {
    if (await this.repo.bookZone(this.db, bookId)) throw new AppError('zones.bookNotGiven');
    const read = async (table: string) => {
      const chunk = await this.rows.readChunk(bookId, table, null, 1000);
      return chunk.rows;
    };
    const books = await read('books');
    if (!books.length) throw new AppError('zones.bookNotGiven');
    return { books, book_roles: await read('book_roles'), book_users: await read('book_users') };
  }

  /** Each table's count and checksum of a book held here, and its files' digest: both sides compared. */
  async checksums(bookId: string, storage: FileStorage): Promise<Record<string, Checksum>> {
    if (await this.repo.bookZone(this.db, bookId)) throw new AppError('zones.bookNotGiven');
    const out: Record<string, Checksum> = {};
    for (const table of [USERS, ...(await this.rows.catalogue()).ordered.map((t) => t.info.name)])
      out[table] = await this.rows.checksum(bookId, table);
    if (out.books?.count !== 1) throw new AppError('zones.bookNotGiven');
    out[IMAGES_TABLE] = await imagesDigest(this.rows, storage, bookId);
    return out;
  }

  operatorZones(): Promise<Array<ZoneRow & { books: number }>> {
    return this.repo.allZones(this.db, 200);
  }

  operatorMoves(): Promise<MigrationRow[]> {
    return this.repo.recentMigrations(this.db, 50);
  }

  /** Ends the trust in a zone at once: its signed calls are refused, its books off-line. */
  revoke(id: string): Promise<ZoneRow | undefined> {
    return this.repo.revoke(this.db, id, new Date(this.clock.now()));
  }

  async health(): Promise<{ zone_id: string | null; env: string; version: string; books: number }> {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM books WHERE deleted_at IS NULL`.execute(this.db);
    return { zone_id: this.settings.self?.id ?? null, env: this.settings.env, version: WEB_APP_VERSION, books: r.rows[0]?.n ?? 0 };
  }
}
