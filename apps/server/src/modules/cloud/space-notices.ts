import { SPACE_NOTICE_DAYS } from '@cab/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { NewMessage, Notifier } from '../messages/notify.ts';
import type { GrantView, SpaceRepository } from './space.repository.ts';

const BATCH = 200;

/**
 * The message center's notices of rented space ending (docs/cloud.md, "Ends and
 * notices"): once when a grant ends within SPACE_NOTICE_DAYS days, once when it has ended.
 * Each batch takes its grants (a conditional update of the flag) and tells in the same
 * transaction: a second run, or a second instance at once, finds them told. Told: the
 * book's owner (and whoever bought it, when another).
 */
export class SpaceNotices {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: SpaceRepository,
    private readonly notifier: Notifier,
  ) {}

  async run(at: Date = new Date(this.clock.now())): Promise<number> {
    let told = 0;
    for (const kind of ['ended', 'ending'] as const) {
      for (;;) {
        const n = await this.db.transaction().execute(async (tx) => {
          const due = await this.repo.takeUntold(tx, kind, at, SPACE_NOTICE_DAYS, BATCH);
          const messages = (await Promise.all(due.map((g) => this.messagesOf(tx, g, kind)))).flat();
          if (messages.length) await this.notifier.notify(tx, messages);
          return due.length;
        });
        told += n;
        if (n < BATCH) break;
      }
    }
    return told;
  }

  private async messagesOf(tx: Database, g: GrantView, kind: 'ending' | 'ended'): Promise<NewMessage[]> {
    const owner = await this.repo.ownerOf(tx, g.book_id);
    const buyer = await this.repo.buyerOf(tx, g.order_no);
    return [...new Set([owner, buyer].filter((u): u is string => u !== undefined))].map((userId) => ({
      userId,
      bookId: g.book_id,
      kind: kind === 'ending' ? 'space.ending' : 'space.ended',
      params: { bookName: g.book_name, capacity: g.capacity_mb, date: g.last_day, bookId: g.book_id },
      link: `cloud/index?bookId=${g.book_id}`,
    }));
  }
}
