import type { Database } from '../../platform/db/index.ts';
import type { Notifier } from '../messages/notify.ts';
import type { FeaturesRepository } from './features.repository.ts';

/** How many days ahead a feature's end is told. */
export const EXPIRY_NOTICE_DAYS = 3;

/**
 * The message center's notices of a book's bought features ending (issue 27): one when
 * a feature ends within the next EXPIRY_NOTICE_DAYS days, one the day after it ended.
 * The billing job runs this once a day for its day (local days of `zone`), and each
 * window is one day long, so each feature's end is told once of each kind. Told:
 * the book's owner and whoever last bought it.
 */
export class FeatureNotices {
  constructor(
    private readonly db: Database,
    private readonly repo: FeaturesRepository,
    private readonly notifier: Notifier,
  ) {}

  async run(day: string, zone: string): Promise<number> {
    const ending = await this.repo.endingBetween(this.db, { day, zone, from: EXPIRY_NOTICE_DAYS, to: EXPIRY_NOTICE_DAYS + 1 });
    const ended = await this.repo.endingBetween(this.db, { day, zone, from: -1, to: 0 });
    const messages = [
      ...ending.map((f) => ({ f, kind: 'feature.expiring' as const })),
      ...ended.map((f) => ({ f, kind: 'feature.expired' as const })),
    ].flatMap(({ f, kind }) =>
      [...new Set([f.creator_id, f.buyer_id].filter((u): u is string => u !== null))].map((userId) => ({
        userId,
        bookId: f.book_id,
        kind,
        params: {
          bookName: f.book_name,
          itemName: { 'zh-CN': f.name, en: f.name_en },
          date: f.expires_at.toISOString().slice(0, 10),
          bookId: f.book_id,
        },
        link: `budget/index?bookId=${f.book_id}`,
      })),
    );
    if (messages.length) await this.db.transaction().execute((tx) => this.notifier.notify(tx, messages));
    return messages.length;
  }
}
