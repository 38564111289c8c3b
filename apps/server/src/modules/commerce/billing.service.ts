import { DEFAULT_TIME_ZONE, minorToMoney } from '@cab/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { runKey } from '../../platform/jobs/runner.ts';
import { LedgerError, moveBetween, type LedgerService } from '../ledger/ledger.service.ts';
import type { NewMessage, Notifier } from '../messages/notify.ts';
import type { ServiceRepository, ServiceRow } from './service.repository.ts';

/** How many running services one transaction of the billing job looks at. */
const PAGE = 100;

/** What a service is called in messages: its role's name (or feature's), in both languages. */
export type ServiceTitle = (tx: Database, s: ServiceRow) => Promise<{ 'zh-CN': string; en: string }>;

/**
 * Daily billing of what runs in a book (docs/commerce.md, "Daily billing"): each running
 * service gets one bill per day (its key: service and day), paid from the payer's wallet
 * when it can (the ledger entry's key is the bill's), else left unpaid: the book is in
 * arrears until every bill of it is paid, which a recharge of the payer's does at once.
 * Two instances, or a run again after a crash, bill and charge each day once.
 */
export class BillingService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: ServiceRepository,
    private readonly ledger: LedgerService,
    private readonly notifier: Notifier,
    private readonly title: ServiceTitle,
  ) {}

  /** The billing day a moment falls in (the platform's zone, as the job's runs are keyed). */
  dayOf(ms: number): string {
    return runKey('daily', new Date(ms), DEFAULT_TIME_ZONE);
  }

  /** The billing job's run for `day`: bills every running service, pays what can be paid. */
  async runDay(day: string): Promise<{ services: number; billed: number }> {
    let after = '0';
    let services = 0;
    let billed = 0;
    for (;;) {
      const page = await this.repo.running(this.db, after, PAGE);
      if (page.length === 0) break;
      for (const s of page) {
        services += 1;
        if (await this.db.transaction().execute((tx) => this.billDay(tx, s, day))) billed += 1;
      }
      after = page.at(-1)!.id;
    }
    return { services, billed };
  }

  /** One service's bill for the day (made once), then the payer's unpaid bills paid as far as the wallet goes. */
  private async billDay(tx: Database, s: ServiceRow, day: string): Promise<boolean> {
    if (s.started_on.toISOString().slice(0, 10) > day) return false;
    const persons = s.billing_type === 'PerPersonPerDay' && s.role_id ? await this.repo.holders(tx, s.book_id, s.role_id) : 1;
    const at = new Date(this.clock.now());
    // Nobody holds the role any more: the service ends rather than bill nothing.
    if (persons === 0) {
      await this.repo.end(tx, s.id, at);
      return false;
    }
    const made = await this.repo.bill(tx, {
      serviceId: s.id,
      day,
      bookId: s.book_id,
      payerId: s.payer_id,
      amount: BigInt(s.price) * BigInt(persons),
      at,
    });
    await this.payBills(tx, s.payer_id);
    return made;
  }

  /**
   * Pays the payer's unpaid bills, oldest first, while the wallet covers them; then each
   * book concerned gets its bill status, and its payer is told of arrears or their end.
   */
  async payBills(tx: Database, payerId: string): Promise<void> {
    const bills = await this.repo.unpaid(tx, payerId);
    if (bills.length === 0) return;
    const at = new Date(this.clock.now());
    const wallet = await this.ledger.wallet(tx, payerId);
    const revenue = await this.ledger.platformAccount(tx, 'revenue');
    // Per book: what stays owed, and what was paid now.
    const books = new Map<string, { owed: bigint; paid: bigint }>();
    const tally = (bookId: string, owed: bigint, paid: bigint) => {
      const t = books.get(bookId) ?? { owed: 0n, paid: 0n };
      books.set(bookId, { owed: t.owed + owed, paid: t.paid + paid });
    };
    let short = false;
    for (const b of bills) {
      if (short) {
        tally(b.book_id, BigInt(b.amount), 0n);
        continue;
      }
      const day = b.bill_day.toISOString().slice(0, 10);
      try {
        await this.ledger.post(tx, {
          key: `billing:${b.service_order_id}:${day}`,
          kind: 'billing',
          memo: `service ${b.service_order_id} ${day}`,
          postings: moveBetween(wallet, revenue, BigInt(b.amount)),
        });
        await this.repo.markPaid(tx, b, at);
        tally(b.book_id, 0n, BigInt(b.amount));
      } catch (err) {
        if (!(err instanceof LedgerError) || err.reason !== 'insufficient') throw err;
        short = true;
        tally(b.book_id, BigInt(b.amount), 0n);
      }
    }
    const messages: NewMessage[] = [];
    for (const [bookId, { owed, paid }] of books) {
      const { before, after } = await this.repo.settleBookStatus(tx, bookId);
      if (before === after) continue;
      const bookName = await this.repo.bookName(tx, bookId);
      const running = await this.repo.ofBook(tx, bookId);
      const itemName = running[0] ? await this.title(tx, running[0]) : { 'zh-CN': '服务', en: 'services' };
      messages.push(
        after === 'arrears'
          ? {
              userId: payerId,
              bookId,
              kind: 'bill.arrears',
              params: { bookName, itemName, amount: minorToMoney(owed), bookId },
              link: `bookSetting/pages/bananashell?bookId=${bookId}`,
            }
          : {
              userId: payerId,
              bookId,
              kind: 'bill.settled',
              params: { bookName, amount: minorToMoney(paid), bookId },
              link: `trade/pages/record?bookId=${bookId}`,
            },
      );
    }
    if (messages.length) await this.notifier.notify(tx, messages);
  }
}
