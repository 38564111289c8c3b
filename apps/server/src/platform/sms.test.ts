import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { MemoryStore } from './kv.ts';
import { OutboxSmsSender } from './sms.ts';

const quiet = { info: () => undefined };

describe('the dev outbox', () => {
  it('is read back by another instance on the same store: per phone, newest first, the latest `keep`', async () => {
    const clock = new ManualClock(Date.parse('2026-11-27T00:00:00Z'));
    // Two instances sharing one store, as two servers share one Redis.
    const kv = new MemoryStore(clock);
    const a = new OutboxSmsSender(quiet, () => clock.now(), kv, 3);
    const b = new OutboxSmsSender(quiet, () => clock.now(), kv, 3);
    await a.sendVerifyCode('13800000001', '111111', 4);
    clock.advance(1000);
    await b.sendVerifyCode('13800000002', '222222', 4);
    clock.advance(1000);
    await a.sendVerifyCode('13800000001', '333333', 1);
    expect((await b.outbox('13800000001')).map((s) => s.code)).toEqual(['333333', '111111']);
    expect((await a.outbox()).map((s) => s.code)).toEqual(['333333', '222222', '111111']);
    await b.sendVerifyCode('13800000003', '444444', 4);
    expect((await a.outbox()).map((s) => s.code)).toEqual(['444444', '333333', '222222']);
    expect(await a.outbox('13800000009')).toEqual([]);
    // Gone after an hour: codes live minutes.
    clock.advance(61 * 60_000);
    expect(await b.outbox()).toEqual([]);
    await kv.close();
  });
});
