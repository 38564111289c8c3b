import { AsyncLocalStorage } from 'node:async_hooks';
import {
  REPORT_WINDOW_MS,
  REPORTS_PER_WINDOW,
  messageText,
  type BookMessageSummary,
  type Locale,
  type MessageChange,
  type MessageItem,
  type MessageTextKind,
  type MessagesPage,
  type UserMessageSummary,
} from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { LiveHub } from '../live/hub.ts';
import type { MessageInput, MessageRow, MessagesRepository } from './messages.repository.ts';
import type { MessageKind, NewMessage, Notifier } from './notify.ts';

// Every kind a module may send has its words in the contracts' catalogue.
const _everyKindWorded: readonly MessageTextKind[] = [] as MessageKind[];
void _everyKindWorded;

/**
 * Who was told during the current request (http: one set per request, see
 * messages.module.ts). After the request is answered, its transaction has resolved: the
 * recipients' unread totals are read again and sent to their open clients. A rolled-back
 * transaction costs one needless event carrying the unchanged (true) count.
 */
export const toldInRequest = new AsyncLocalStorage<Set<string>>();

/**
 * Writes being answered with a set of their own. On Node 20 a store in use makes every
 * promise of the process pay for carrying it (async hooks: a promise-heavy loop ran 2.5x
 * slower), so it is turned on only while a write is in flight: reads, which never notify,
 * run without it once no write is being answered.
 */
let writesTelling = 0;

/** Runs the rest of a write's request with `set` as the users told during it. */
export function tellingDuring(set: Set<string>, next: () => void): void {
  writesTelling++;
  toldInRequest.run(set, next);
}

/** The write is answered (or abandoned): the store stops when no other write needs it. */
export function tellingDone(): void {
  writesTelling--;
  if (writesTelling === 0) toldInRequest.disable();
}

export function present(r: MessageRow, locale: Locale): MessageItem {
  const { title, body } = messageText(r.kind, { ...r.params, count: r.count }, locale);
  return {
    msg_id: r.id,
    msg_state: r.state,
    kind: r.kind,
    title,
    body,
    link: r.link,
    book_id: r.book_id,
    created_at: new Date(r.created_at).getTime(),
    count: r.count,
  };
}

/** The message center: storing what modules report, the caller's summaries, lists, reads and deletes. */
export class MessagesService implements Notifier {
  private live: LiveHub | undefined;

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  private now = () => new Date(this.clock.now());

  /** Open clients are told of changed counts through this hub (live updates), when there is one. */
  useLive(hub: LiveHub | undefined): void {
    this.live = hub;
  }

  private told(userIds: Iterable<string>): void {
    const store = toldInRequest.getStore();
    if (store) for (const id of userIds) store.add(id);
  }

  /** Notifier: stores the messages in the caller's transaction; open clients hear of them after the request. */
  async notify(db: Database, messages: readonly NewMessage[]): Promise<void> {
    // Two events of one batch in one call become one row (one statement may not grow a row twice).
    const rows = new Map<string, MessageInput>();
    let i = 0;
    for (const m of messages) {
      // The one batched kind: a member's records, one message per (recipient, book, recorder).
      const batchKey = m.kind === 'book.recorded' ? String(m.params.recorderId ?? '') : null;
      const key = batchKey === null ? `#${i++}` : `${m.userId} ${m.bookId ?? 0} ${m.kind} ${batchKey}`;
      const had = rows.get(key);
      if (had) had.count += 1;
      else rows.set(key, { userId: m.userId, bookId: m.bookId, kind: m.kind, params: m.params, link: m.link ?? '', batchKey, count: 1 });
    }
    this.told(await this.repo.insert(db, [...rows.values()], this.now()));
  }

  /** The batched 'book.recorded' message of `count` records by `recorderId`: one statement per write. */
  async recorded(db: Database, bookId: string, recorderId: string, count: number): Promise<void> {
    if (count < 1) return;
    this.told(await this.repo.recorded(db, bookId, recorderId, count, `flow/index?bookId=${bookId}`, this.now()));
  }

  /** Tells these users' open clients their unread totals as they stand now. */
  async publish(userIds: Iterable<string>): Promise<void> {
    const hub = this.live;
    if (!hub) return;
    for (const userId of new Set(userIds)) {
      const { unread } = await this.repo.totals(userId);
      hub.toUser(userId, { type: 'messages', unread });
    }
  }

  async userSummary(userId: string): Promise<UserMessageSummary> {
    const { unread, total } = await this.repo.totals(userId);
    return {
      items: [
        { msg_state: 'unread', msg_num: unread },
        { msg_state: 'read', msg_num: Math.max(total - unread, 0) },
      ],
      unread,
    };
  }

  async bookSummary(userId: string, locale: Locale): Promise<BookMessageSummary[]> {
    const rows = await this.repo.perBook(userId);
    const latest = new Map(
      (
        await this.repo.byIds(
          userId,
          rows.flatMap((r) => (r.latest_id ? [r.latest_id] : [])),
        )
      ).map((m) => [m.id, m]),
    );
    return rows.map((r) => {
      const m = r.latest_id ? latest.get(r.latest_id) : undefined;
      const unread = Number(r.unread);
      return {
        book_id: r.book_id,
        book_name: r.book_name ?? '',
        msg_state: unread > 0 ? 'unread' : 'read',
        msg_num: unread,
        total: Number(r.total),
        latest: m ? present(m, locale) : null,
      };
    });
  }

  async list(
    userId: string,
    q: { account_book_id?: string | undefined; page_size: number; last_id?: string | undefined },
    locale: Locale,
  ): Promise<MessagesPage> {
    const rows = await this.repo.page(userId, q.account_book_id, q.last_id, q.page_size + 1);
    const more = rows.length > q.page_size;
    const data = rows.slice(0, q.page_size).map((r) => present(r, locale));
    if (!more && data.length) data[data.length - 1]!.lastOne = true;
    return { data, paging: { has_more: more, last_id: data.at(-1)?.msg_id ?? null } };
  }

  private async changed(userId: string, changed: number): Promise<MessageChange> {
    if (changed) await this.publish([userId]);
    return { changed, unread: (await this.repo.totals(userId)).unread };
  }

  async readOne(userId: string, id: string): Promise<MessageChange> {
    const r = await this.repo.readOne(this.db, userId, id, this.now());
    if (!r.found) throw new AppError('message.notFound');
    return this.changed(userId, r.changed);
  }

  async readBook(userId: string, bookId: string): Promise<MessageChange> {
    return this.changed(userId, await this.repo.readMany(this.db, userId, bookId, this.now()));
  }

  async readAll(userId: string): Promise<MessageChange> {
    return this.changed(userId, await this.repo.readMany(this.db, userId, undefined, this.now()));
  }

  async deleteOne(userId: string, id: string): Promise<MessageChange> {
    const n = await this.repo.delete(this.db, userId, { id });
    if (!n) throw new AppError('message.notFound');
    return this.changed(userId, n);
  }

  async deleteBook(userId: string, bookId: string): Promise<MessageChange> {
    return this.changed(userId, await this.repo.delete(this.db, userId, { bookId }));
  }

  /**
   * messageCenter/toReport: a message must be the caller's (else 404); a thread or comment
   * is taken as named (the operator sees what it is). One open report per user and target;
   * a user's reports are rate limited.
   */
  async report(userId: string, req: { target_type: 'message' | 'thread' | 'comment'; target_id: string; reason: string }) {
    if (req.target_type === 'message' && !(await this.repo.ownsMessage(userId, req.target_id))) throw new AppError('message.notFound');
    await enforceLimits(this.kv, [
      { key: `message-report:${userId}`, max: REPORTS_PER_WINDOW, windowMs: REPORT_WINDOW_MS, message: 'message.reportTooOften' },
    ]);
    const id = await this.repo.report(userId, req.target_type, req.target_id, req.reason, this.now());
    if (!id) throw new AppError('message.reportDuplicate');
    return { report_id: id, status: 'open' as const };
  }
}
