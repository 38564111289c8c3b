import { ZONE_LINK_PATHS, type Migration, type MigrationType } from '@cab/contracts';
import type { ZoneSettings } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { ZoneCharges } from './charges.ts';
import type { ZoneDirectory } from './directory.ts';
import { LinkError, type LinkClient } from './link-client.ts';
import type { Mover } from './mover.ts';
import type { Receiver } from './receiver.ts';
import { migrationView, peerOfZone, type ZonesService } from './zones.service.ts';
import type { MigrationRow, ZonesRepository } from './zones.repository.ts';

/**
 * Moving a book between the public zone and a private one (docs/zones.md), as its owner
 * asks on the public zone: to a zone (this side sends), back from one (the zone sends, on
 * the public zone's word), how far it is, and cancelling it before the cut-over.
 */
export class MigrationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: ZonesRepository,
    private readonly zones: ZonesService,
    private readonly mover: Mover,
    private readonly receiver: Receiver,
    private readonly link: LinkClient,
    private readonly directory: ZoneDirectory,
    private readonly settings: ZoneSettings,
    private readonly charges: ZoneCharges,
  ) {}

  private mustBePublic(): void {
    if (this.settings.self) throw new AppError('zones.notHere');
  }

  /** v1 (zoneId undefined): the caller's zone that answers; v2 names it. */
  async toPrivate(userId: string, bookId: string, zoneId: string | undefined): Promise<Migration> {
    this.mustBePublic();
    if ((await this.zones.auditOf(userId)) !== 'approved') throw new AppError('zones.notApproved');
    const zone = zoneId
      ? await this.repo.zone(this.db, zoneId)
      : (await this.repo.zonesOf(this.db, userId)).find((z) => !z.revoked_at && z.deployed_at);
    if (!zone) throw new AppError(zoneId ? 'zones.notFound' : 'zones.noDeployedZone');
    if (zone.user_id !== userId) throw new AppError('zones.notFound');
    if (zone.revoked_at) throw new AppError('zones.revoked');
    const place = await this.repo.bookZone(this.db, bookId);
    if (place) throw new AppError(place.state === 'remote' ? 'zones.notHere' : 'zones.migrationExists');
    if (await this.shares(bookId)) throw new AppError('zones.sharing');
    if (!(await this.zones.answers(zone))) throw new AppError('zones.notDeployed');
    const now = new Date(this.clock.now());
    const m = await this.db.transaction().execute(async (tx) => {
      const free = !(await this.repo.movedBefore(tx, userId));
      const inserted = await this.repo.insertMigration(tx, {
        id: await this.repo.nextMigrationId(tx),
        book_id: bookId,
        zone_id: zone.id,
        migration_type: 'public-to-private',
        source: true,
        status: 'copying',
        free_trial: free,
        started_by: userId,
        started_at: now,
      });
      if (!inserted) throw new AppError('zones.migrationExists');
      // From now until the move ends the book is read-only here (every write answers 409).
      await this.repo.setBookZone(tx, { bookId, zoneId: zone.id, state: 'migrating', at: now });
      if (free) return inserted;
      const entry = await this.charges.charge(tx, userId, inserted.id);
      return (await this.repo.patchMigration(tx, inserted.id, { charge_entry_id: entry }))!;
    });
    await this.directory.forget(bookId);
    void this.mover.start(m.id);
    return migrationView(m);
  }

  /** A book sharing another's rented space, or shared, uses the public zone's space: it is untied first. */
  private async shares(bookId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('book_space_shares')
      .select('id')
      .where((eb) => eb.or([eb('book_id', '=', bookId), eb('main_book_id', '=', bookId)]))
      .where('status', 'in', ['applied', 'active'])
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Asks the book's zone to send it back; the zone drives the copy, this side receives it. */
  async toPublic(userId: string, bookId: string): Promise<Migration> {
    this.mustBePublic();
    const place = await this.repo.bookZone(this.db, bookId);
    if (!place) throw new AppError('zones.notRemote');
    if (place.state !== 'remote') throw new AppError('zones.migrationExists');
    const zone = await this.repo.zone(this.db, place.zone_id);
    if (!zone || zone.revoked_at) throw new AppError('book.offline');
    const now = new Date(this.clock.now());
    const m = await this.db.transaction().execute(async (tx) => {
      const inserted = await this.repo.insertMigration(tx, {
        id: await this.repo.nextMigrationId(tx),
        book_id: bookId,
        zone_id: zone.id,
        migration_type: 'private-to-public',
        source: false,
        status: 'copying',
        started_by: userId,
        started_at: now,
      });
      if (!inserted) throw new AppError('zones.migrationExists');
      return inserted;
    });
    try {
      await this.link.call(peerOfZone(zone), 'POST', ZONE_LINK_PATHS.exportBegin, { migration_id: m.id, book_id: bookId });
    } catch (err) {
      await this.repo.patchMigration(this.db, m.id, {
        status: 'failed',
        error: err instanceof Error ? err.message : String(err),
        finished_at: new Date(this.clock.now()),
      });
      if (err instanceof LinkError && err.offline) throw new AppError('book.offline');
      throw err;
    }
    return migrationView(m);
  }

  async status(bookId: string, type: MigrationType): Promise<Migration | null> {
    const m = await this.repo.latestMigration(this.db, bookId, type);
    return m ? migrationView(m) : null;
  }

  /**
   * Cancels a move before its cut-over. Sending: the book is writable here again at once,
   * and the other side is told to remove its copy (now, or by the job once it answers).
   * Receiving: the copy here goes; the zone, refused at its next call, keeps the book.
   */
  async cancel(bookId: string, type: MigrationType): Promise<Migration> {
    this.mustBePublic();
    const open = await this.repo.openMigration(this.db, bookId);
    if (!open || open.migration_type !== type) throw new AppError('zones.migrationNotFound');
    if (open.status === 'cut_over') throw new AppError('zones.tooLate');
    let ended: MigrationRow | undefined;
    if (open.source) {
      const now = new Date(this.clock.now());
      ended = await this.db.transaction().execute(async (tx) => {
        const row = await this.repo.patchMigration(
          tx,
          open.id,
          { status: 'cancelled', abort_pending: true, finished_at: now, lease_until: null },
          ['copying', 'verifying'],
        );
        if (row) {
          await this.repo.clearBookZone(tx, bookId);
          await this.charges.refund(tx, row);
        }
        return row;
      });
      if (!ended) throw new AppError('zones.tooLate');
      await this.directory.forget(bookId);
      void this.mover.start(open.id);
    } else {
      await this.receiver.removeCopy(open, 'cancelled');
      ended = await this.repo.migration(this.db, open.id);
    }
    return migrationView(ended!);
  }

  /** On a zone: the public zone asks for a book back; this side drives the copy to it. */
  async exportBegin(migrationId: string, bookId: string, zoneId: string): Promise<void> {
    const known = await this.repo.migration(this.db, migrationId);
    if (known) {
      if (known.book_id !== bookId) throw new AppError('zones.bookNotGiven');
      void this.mover.start(known.id);
      return;
    }
    const exists = await this.db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst();
    if (!exists || (await this.repo.bookZone(this.db, bookId))) throw new AppError('zones.bookNotGiven');
    const now = new Date(this.clock.now());
    const m = await this.db.transaction().execute(async (tx) => {
      const inserted = await this.repo.insertMigration(tx, {
        id: migrationId,
        book_id: bookId,
        zone_id: zoneId,
        migration_type: 'private-to-public',
        source: true,
        status: 'copying',
        started_at: now,
      });
      if (!inserted) throw new AppError('zones.migrationExists');
      await this.repo.setBookZone(tx, { bookId, zoneId, state: 'migrating', at: now });
      return inserted;
    });
    await this.directory.forget(bookId);
    void this.mover.start(m.id);
  }
}
