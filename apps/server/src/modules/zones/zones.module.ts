import type { FastifyInstance } from 'fastify';
import type { ZoneSettings } from '../../config.ts';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Broadcast } from '../../platform/broadcast.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { FunctionAppliesRepository } from '../cloud/function-applies.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { BookRows } from './book-rows.ts';
import { ZoneCharges } from './charges.ts';
import { ZoneDirectory } from './directory.ts';
import { zoneGate } from './forward.ts';
import { LinkAuth } from './link-auth.ts';
import { LinkClient, type LinkPeer } from './link-client.ts';
import { registerLinkRoutes } from './link.routes.ts';
import { MigrationsService } from './migrations.service.ts';
import { Mover, type MoverOptions } from './mover.ts';
import { Receiver } from './receiver.ts';
import { registerZonesRoutes } from './zones.routes.ts';
import { ZonesRepository, type MigrationRow } from './zones.repository.ts';
import { peerOfZone, ZonesService } from './zones.service.ts';

const DEFAULT_MOVER: MoverOptions = { leaseMs: 60_000, retryMs: [500, 1000, 2000, 4000, 8000, 15_000, 30_000] };

/**
 * The migration area (issue 29, docs/zones.md): private zones, moving books between them
 * and the public zone, and reaching a book in its zone. The same code runs the public
 * zone and a private one; `settings.self` says which this server is.
 */
export function registerZones(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: {
    db: Database;
    clock: Clock;
    kv: KeyValueStore;
    storage: FileStorage;
    settings: ZoneSettings;
    /** Set when every instance hears of every change (the answer cache's rule): where books are is then kept in memory. */
    broadcast: Broadcast | undefined;
    mover?: Partial<MoverOptions>;
    ledger: LedgerService;
  },
) {
  const { db, clock, kv, storage, settings } = deps;
  const repo = new ZonesRepository();
  const rows = new BookRows(db);
  const directory = new ZoneDirectory(db, repo, deps.broadcast);
  const link = new LinkClient(clock, settings.timeoutMs);
  const self = settings.self;
  const peerOf = async (m: MigrationRow): Promise<LinkPeer | undefined> => {
    if (self) return { baseUrl: self.publicUrl, zoneId: self.id, secret: self.secret };
    const zone = await repo.zone(db, m.zone_id);
    return zone && !zone.revoked_at ? peerOfZone(zone) : undefined;
  };
  // What the sending side keeps: the public zone a pointer to the book in its zone; a zone nothing.
  const afterMove = async (tx: Database, m: MigrationRow) => {
    await rows.deleteBook(tx, m.book_id, !self);
    if (self) await repo.clearBookZone(tx, m.book_id);
    else await repo.setBookZone(tx, { bookId: m.book_id, zoneId: m.zone_id, state: 'remote', at: new Date(clock.now()) });
    await rows.dropKeys(tx, m.id);
  };
  const charges = new ZoneCharges(deps.ledger);
  const mover = new Mover(db, clock, repo, rows, storage, link, directory, peerOf, afterMove, (tx, m) => charges.refund(tx, m), {
    ...DEFAULT_MOVER,
    log: (msg, fields) => app.log.warn(fields, msg),
    ...deps.mover,
  });
  const receiver = new Receiver(db, clock, repo, rows, storage, directory);
  const zones = new ZonesService(db, clock, repo, rows, link, directory, new FunctionAppliesRepository(), settings);
  const migrations = new MigrationsService(db, clock, repo, zones, mover, receiver, link, directory, settings, charges);

  app.zoneLink = new LinkAuth(db, clock, kv, repo, settings);
  // Only the public zone forwards: a zone's books are its own.
  if (!self) app.zoneGate = zoneGate({ app, db, clock, repo, directory, timeoutMs: settings.timeoutMs });
  registerZonesRoutes(app, routes, { zones, migrations });
  registerLinkRoutes(app, routes, { receiver, zones, migrations, storage });
  /** Each table's count and checksum of a book held here, and its files' digest (tests and comparisons). */
  const checksums = (bookId: string) => zones.checksums(bookId, storage);
  return { zones, migrations, mover, rows, directory, checksums };
}
