import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './clock.ts';
import { MemoryStore, RedisStore, type KeyValueStore } from './kv.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

// CI sets CAB_REQUIRE_REDIS so a missing Redis fails the run instead of skipping.
const haveRedis = (await redisAnswers()) || !!process.env.CAB_REQUIRE_REDIS;

const stores: Array<[string, () => { store: KeyValueStore; wait: (ms: number) => Promise<void> }, boolean]> = [
  [
    'memory',
    () => {
      const clock = new ManualClock(0);
      return { store: new MemoryStore(clock), wait: async (ms) => clock.advance(ms) };
    },
    true,
  ],
  [
    'redis',
    () => ({
      store: new RedisStore(redisUrl, systemClock, `cabtest:${crypto.randomBytes(6).toString('hex')}:`),
      wait: (ms) => new Promise((r) => setTimeout(r, ms)),
    }),
    haveRedis,
  ],
];

describe.each(stores)('%s key-value store', (_name, make, enabled) => {
  const opened: KeyValueStore[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close();
  });
  const open = () => {
    const m = make();
    opened.push(m.store);
    return m;
  };

  it.runIf(enabled)('stores a key once until it expires', async () => {
    const { store, wait } = open();
    // Windows of a second: a real Redis runs on the wall clock, and a busy machine can
    // take tens of milliseconds between two calls.
    expect(await store.putIfAbsent('n1', 1000)).toBe(true);
    expect(await store.putIfAbsent('n1', 1000)).toBe(false);
    await wait(1100);
    expect(await store.putIfAbsent('n1', 1000)).toBe(true);
  });

  it.runIf(enabled)('counts hits in a window that starts at the first hit', async () => {
    const { store, wait } = open();
    expect(await store.hit('c', 1000)).toBe(1);
    expect(await store.hit('c', 1000)).toBe(2);
    expect(await store.hit('other', 1000)).toBe(1);
    await wait(1100);
    expect(await store.hit('c', 1000)).toBe(1);
  });
});
