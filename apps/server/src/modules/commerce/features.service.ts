import { minorToMoney, moneyToMinor, type BookFeature, type Locale, type ServiceOrder } from '@cab/contracts';
import type { BookContext, BookRoleLookup } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { FeatureStateRow, FeaturesRepository } from './features.repository.ts';
import type { ServiceRepository, ServiceRow } from './service.repository.ts';

/** The most features one answer lists across the caller's books. */
const USER_FEATURES_MAX = 500;

/**
 * What a book has bought (docs/commerce.md, "Premium features"): the features of the
 * catalogue as the book holds them, their prices (consumption trial), ending one
 * (unassign), the book's running services and its bill status.
 */
export class FeaturesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: FeaturesRepository,
    private readonly services: ServiceRepository,
    private readonly ledger: LedgerService,
    private readonly roleOf: BookRoleLookup,
  ) {}

  private present(r: Omit<FeatureStateRow, 'granted'> & { granted?: boolean }, locale: Locale): BookFeature {
    const open = r.granted !== false && r.source !== null && (r.expires_at === null || r.expires_at.getTime() > this.clock.now());
    return {
      feature_code: r.feature_code,
      name: locale === 'en' ? r.name_en : r.name,
      role_scope: r.role_scope,
      billing_type: r.billing_type,
      price: minorToMoney(r.price),
      status: open ? 'open' : 'closed',
      expires_at: open && r.expires_at ? r.expires_at.getTime() : null,
      source: open ? r.source : null,
    };
  }

  private async feature(bookId: string, code: string, locale: Locale): Promise<BookFeature> {
    const row = (await this.repo.ofBook(this.db, bookId)).find((f) => f.feature_code === code);
    if (!row) throw new AppError('commerce.notOnSale');
    return this.present(row, locale);
  }

  /** The consumption trial (SPEC 4): a PerDay feature costs its day now and each day; one bought in packages costs nothing by the day. */
  async trial(userId: string, book: BookContext, code: string, roleScope: 'all' | 'manager' | undefined, locale: Locale) {
    const f = await this.feature(book.bookId, code, locale);
    const price = moneyToMinor(f.price);
    const daily = f.billing_type === 'PerDay' ? price : 0n;
    const now = daily > 0n && f.status === 'closed' ? daily : 0n;
    const balance = await this.ledger.walletBalance(userId);
    return {
      feature_code: f.feature_code,
      name: f.name,
      role_scope: roleScope ?? f.role_scope,
      billing_type: f.billing_type,
      price: f.price,
      daily_expense: minorToMoney(daily),
      trial_price: minorToMoney(now),
      balance: minorToMoney(balance),
      enough: balance >= now,
      status: f.status,
      expires_at: f.expires_at,
    };
  }

  /**
   * Ends a feature in the book: its daily service stops and the book no longer holds it.
   * Days already paid for in a package are kept to their end (refused here), and nothing
   * is refunded.
   */
  async unassign(bookId: string, code: string, locale: Locale): Promise<BookFeature[]> {
    await this.db.transaction().execute(async (tx) => {
      const row = (await this.repo.ofBook(tx, bookId)).find((f) => f.feature_code === code);
      if (!row) throw new AppError('commerce.notOnSale');
      const f = this.present(row, locale);
      if (f.status === 'open' && f.source === 'order' && f.billing_type === 'OneOff') throw new AppError('commerce.featurePaidPeriod');
      const at = new Date(this.clock.now());
      for (const s of await this.services.ofBook(tx, bookId)) if (s.feature_code === code) await this.services.end(tx, s.id, at);
      await this.repo.revoke(tx, bookId, code);
    });
    return (await this.repo.ofBook(this.db, bookId)).map((r) => this.present(r, locale));
  }

  async userFeatures(userId: string, locale: Locale) {
    const rows = await this.repo.ofUser(this.db, userId, USER_FEATURES_MAX);
    return rows.map((r) => ({ ...this.present(r, locale), book_id: r.book_id, book_name: r.book_name }));
  }

  bookFeature(bookId: string, code: string, locale: Locale): Promise<BookFeature> {
    return this.feature(bookId, code, locale);
  }

  private async presentService(tx: Database, s: ServiceRow, locale: Locale): Promise<ServiceOrder> {
    const last = await this.services.lastBillDay(tx, s.id);
    return {
      order_no: s.order_no,
      book_id: s.book_id,
      kind: s.kind,
      role_id: s.role_id,
      feature_code: s.feature_code,
      title: (await this.services.title(tx, s))[locale],
      billing_type: s.billing_type,
      price: minorToMoney(s.price),
      status: s.status,
      started_on: s.started_on.toISOString().slice(0, 10),
      unpaid: minorToMoney(await this.services.unpaidOfService(tx, s.id)),
      last_bill_day: last ? last.toISOString().slice(0, 10) : null,
    };
  }

  /** service/v1/summary: what the book has bought and runs, its bill status, and the caller's authorization in it. */
  async summary(userId: string, book: BookContext, locale: Locale) {
    const [features, running, status, unpaid, waiting] = await Promise.all([
      this.repo.ofBook(this.db, book.bookId),
      this.services.ofBook(this.db, book.bookId),
      this.services.billStatus(this.db, book.bookId),
      this.services.unpaidOfBook(this.db, book.bookId),
      this.services.roleAwaitingFor(this.db, book.bookId, userId),
    ]);
    const services: ServiceOrder[] = [];
    for (const s of running) services.push(await this.presentService(this.db, s, locale));
    return {
      book_id: book.bookId,
      bill_status: status,
      auth_status: waiting ? ('waiting_distribute' as const) : ('normal' as const),
      features: features.map((r) => this.present(r, locale)),
      services,
      unpaid: minorToMoney(unpaid),
    };
  }

  /** A service order: its payer, or a member of its book, may read it. */
  async serviceOrder(userId: string, orderNo: string, locale: Locale): Promise<ServiceOrder> {
    const s = await this.services.byNo(this.db, orderNo);
    if (!s || (s.payer_id !== userId && !(await this.roleOf(userId, s.book_id)))) throw new AppError('commerce.orderNotFound');
    return this.presentService(this.db, s, locale);
  }
}
