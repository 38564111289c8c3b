import { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * The short-lived shared state of the request pipeline: seen nonces and rate-limit
 * counters. In-process by default; Redis when several server instances must agree.
 */
export interface KeyValueStore {
  /** Stores key if absent; true when it was stored (so false means: seen before). */
  putIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** Records a hit and answers how many hits the key had in the last windowMs (a sliding window). */
  hit(key: string, ttlMs: number): Promise<number>;
  /** Keeps a value for a while (how far a background job has come, read by any instance). */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, { expiresAt: number; value?: string }>();
  private readonly hits = new Map<string, { times: number[]; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly clock: Clock) {
    // Expired keys are dropped lazily on access and by this sweep, so memory stays bounded.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string) {
    const e = this.entries.get(key);
    if (e && e.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  async putIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.entries.set(key, { expiresAt: this.clock.now() + ttlMs });
    return true;
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { expiresAt: this.clock.now() + ttlMs, value });
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(key)?.value;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.clock.now();
    const times = (this.hits.get(key)?.times ?? []).filter((t) => t > now - windowMs);
    times.push(now);
    this.hits.set(key, { times, expiresAt: now + windowMs });
    return times.length;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    for (const [k, e] of this.hits) if (e.expiresAt <= now) this.hits.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

export class RedisStore implements KeyValueStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly clock: Clock,
    private readonly prefix = 'cab:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async putIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    const res = await this.redis.set(this.prefix + key, '1', 'PX', ttlMs, 'NX');
    return res === 'OK';
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  // A sorted set of hit times per key, scored by the server clock, so every instance counts the same window.
  async hit(key: string, windowMs: number): Promise<number> {
    const k = this.prefix + key;
    const now = this.clock.now();
    const res = await this.redis
      .multi()
      .zremrangebyscore(k, 0, now - windowMs)
      .zadd(k, now, `${now}:${Math.random().toString(36).slice(2)}`)
      .zcard(k)
      .pexpire(k, windowMs)
      .exec();
    const count = res?.[2]?.[1];
    return typeof count === 'number' ? count : Number(count);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
