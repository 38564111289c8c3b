import { FREE_CAPACITY_MB, minorToMoney, type CloudPackage, type Gather, type Locale, type SpaceGrant } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { SpaceOf, SpaceQuota } from '../accounting/images.service.ts';
import type { PurchaseRow } from '../commerce/purchase.repository.ts';
import type { Notifier } from '../messages/notify.ts';
import type { ShareRepository } from './share.repository.ts';
import type { GrantView, SpaceRepository } from './space.repository.ts';

const MB = 1024 * 1024;
const byLocale = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en : zh);

export const presentGrant = (g: GrantView, locale: Locale): SpaceGrant => ({
  id: g.id,
  book_id: g.book_id,
  book_name: g.book_name,
  order_no: g.order_no,
  name: byLocale(locale, g.name, g.name_en),
  capacity_mb: g.capacity_mb,
  starts_at: g.starts_at.getTime(),
  ends_at: g.ends_at.getTime(),
  days_left: Math.max(0, Number(g.days_left)),
});

/**
 * A book's cloud space (docs/cloud.md): 100 MB of its own plus the grants of rented
 * space in effect, pooled across the books of a sharing relation. An ended grant stops
 * counting at its end by the query's own clock; nothing is deleted.
 */
export class SpaceService implements SpaceQuota {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: SpaceRepository,
    private readonly shares: ShareRepository,
    /** Each book's own space in MB (config freeSpaceMb: SPEC's 100 unless set). */
    private readonly freeMb: number = FREE_CAPACITY_MB,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** The space the book may use now: its relation's, pooled, or its own. */
  async of(db: Database, bookId: string): Promise<SpaceOf> {
    const mainBookId = await this.shares.mainOf(db, bookId);
    return this.relationSpace(db, mainBookId);
  }

  private async relationSpace(db: Database, mainBookId: string): Promise<SpaceOf> {
    const bookIds = await this.shares.relationBooks(db, mainBookId);
    const [usedBytes, rentedMb] = await Promise.all([this.repo.usedBytes(db, bookIds), this.repo.rentedMb(db, bookIds, this.now())]);
    return { usedBytes, totalBytes: (bookIds.length * this.freeMb + rentedMb) * MB, mainBookId, bookIds };
  }

  /**
   * Runs `work` in one transaction holding the lock of the book's space (its relation's
   * main book row), with the space as it stands under the lock: two uploads at once are
   * checked one after the other. Every change to a relation takes the same locks.
   */
  withLock<T>(bookId: string, work: (tx: Database, space: SpaceOf) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      let main = await this.shares.mainOf(tx, bookId);
      for (;;) {
        await this.repo.lockBooks(tx, [main]);
        // The relation may have changed before the lock was had: lock the main it has now.
        const now = await this.shares.mainOf(tx, bookId);
        if (now === main) break;
        main = now;
      }
      return work(tx, await this.relationSpace(tx, main));
    });
  }

  /** The books whose grants count for this one: its relation's, or itself alone. */
  private async relationOf(bookId: string): Promise<string[]> {
    return this.shares.relationBooks(this.db, await this.shares.mainOf(this.db, bookId));
  }

  async latest(locale: Locale): Promise<CloudPackage[]> {
    return (await this.repo.onSale(this.db)).map((p) => ({
      combo_id: p.combo_id,
      name: byLocale(locale, p.name, p.name_en),
      capacity_mb: p.capacity_mb ?? 0,
      days: p.days,
      sell_price: minorToMoney(p.sell_price),
      original_price: minorToMoney(p.original_price),
    }));
  }

  /** What the book itself holds in effect, summed. */
  async gather(bookId: string): Promise<Gather> {
    const grants = await this.repo.inEffect(this.db, [bookId], this.now());
    const ends = grants.map((g) => g.ends_at.getTime());
    return {
      book_id: bookId,
      base_mb: this.freeMb,
      rented_mb: grants.reduce((n, g) => n + g.capacity_mb, 0),
      grants: grants.length,
      next_end: ends.length ? Math.min(...ends) : null,
      last_end: ends.length ? Math.max(...ends) : null,
    };
  }

  /** The grants that count for the book now: its relation's, or its own. */
  async inEffect(bookId: string, locale: Locale): Promise<SpaceGrant[]> {
    const bookIds = await this.relationOf(bookId);
    return (await this.repo.inEffect(this.db, bookIds, this.now())).map((g) => presentGrant(g, locale));
  }

  /** One grant counting for the book (its own or its relation's): its end and days left; an ended one is refused. */
  async expireInfo(bookId: string, id: string) {
    const bookIds = await this.relationOf(bookId);
    const now = this.now();
    const g = await this.repo.byId(this.db, bookIds, id, now);
    if (!g) throw new AppError('cloud.grantNotFound');
    if (g.ends_at <= now) throw new AppError('cloud.grantEnded', { date: g.last_day });
    return { id: g.id, capacity_mb: g.capacity_mb, ends_at: g.ends_at.getTime(), days_left: Math.max(0, Number(g.days_left)) };
  }

  /** A paid space order's delivery (commerce's deliver.space), in its transaction: the grant, and the buyer told. */
  async deliver(tx: Database, order: PurchaseRow, notifier: Notifier): Promise<void> {
    if (!order.combo_id) throw new Error(`purchase ${order.order_no} names no package`);
    const grant = await this.repo.grant(tx, { bookId: order.book_id, orderNo: order.order_no, comboId: order.combo_id, now: this.now() });
    const view = await this.repo.byId(tx, [order.book_id], grant.id, this.now());
    await notifier.notify(tx, [
      {
        userId: order.user_id,
        bookId: order.book_id,
        kind: 'purchase.paid',
        params: {
          bookName: view?.book_name ?? '',
          itemName: view ? { 'zh-CN': view.name, en: view.name_en } : order.combo_id,
          bookId: order.book_id,
        },
        link: `cloud/index?bookId=${order.book_id}`,
      },
    ]);
  }
}
