import { DEFAULT_TRACKING_CLASSIFICATION, TrackingBatch, type TrackingBatch as Batch } from '@cab/contracts';
import { sql } from 'kysely';
import { AppError } from '../../http/errors.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';

/** How far an event's time may be from the collector's clock: a phone offline for a day still sends. */
const PAST_MS = 2 * 86_400_000;
const FUTURE_MS = 5 * 60_000;
/** Batches one address may send a minute (a page sends one every few seconds at most). */
const PER_MINUTE = 120;
const DELETE_BATCH = 5000;

export interface TrackingCount {
  day: string;
  host: string;
  event_key: string;
  count: number;
}

/**
 * The behaviour-event collector (SPEC 7; docs/host.md, "Tracking"): it reads a batch from
 * its encoded content, refuses the whole batch when anything in it does not hold (nothing
 * is stored then), stores each event, and keeps them `retentionDays`.
 */
export class TrackingService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly kv: KeyValueStore,
    private readonly retentionDays: number,
  ) {}

  /** The batch in `content` (base64url of its JSON), or a 400 saying it is not one. */
  decode(content: string): Batch {
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(content, 'base64url').toString('utf8'));
    } catch {
      throw new AppError('tracking.badContent');
    }
    const batch = TrackingBatch.safeParse(json);
    if (!batch.success) throw new AppError('tracking.badContent');
    const now = this.clock.now();
    if (batch.data.events.some((e) => e.at < now - PAST_MS || e.at > now + FUTURE_MS)) throw new AppError('tracking.badTime');
    return batch.data;
  }

  async collect(content: string, address: string): Promise<number> {
    await enforceLimits(this.kv, [{ key: `track:${address}`, max: PER_MINUTE, windowMs: 60_000, message: 'auth.tooManyRequests' }]);
    const b = this.decode(content);
    const received = new Date(this.clock.now());
    await this.db
      .insertInto('tracking_events')
      .values(
        b.events.map((e) => ({
          at: new Date(e.at),
          host: b.host,
          session_id: b.session_id,
          event_key: e.key,
          // SPEC 9: an event that names no classification is of the default one.
          classification: e.classification ?? DEFAULT_TRACKING_CLASSIFICATION,
          book_id: e.book_id ?? null,
          platform: b.device.platform,
          os_version: b.device.os_version,
          product_version: b.device.product_version,
          received_at: received,
        })),
      )
      .execute();
    return b.events.length;
  }

  /** Events by day (China Standard Time), host and key, the latest `days` days. */
  async counts(days: number): Promise<TrackingCount[]> {
    const since = new Date(this.clock.now() - days * 86_400_000);
    const res = await sql<TrackingCount>`
      SELECT to_char(at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, host, event_key, count(*)::int AS count
      FROM tracking_events WHERE at >= ${since}
      GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 4 DESC, 3`.execute(this.db);
    return res.rows;
  }

  /** Drops events older than the retention, in batches (the daily job). */
  async dropOld(): Promise<number> {
    const before = new Date(this.clock.now() - this.retentionDays * 86_400_000);
    let dropped = 0;
    for (;;) {
      const res = await sql`DELETE FROM tracking_events WHERE id IN (
        SELECT id FROM tracking_events WHERE at < ${before} ORDER BY at LIMIT ${DELETE_BATCH})`.execute(this.db);
      const n = Number(res.numAffectedRows ?? 0);
      dropped += n;
      if (n < DELETE_BATCH) return dropped;
    }
  }
}
