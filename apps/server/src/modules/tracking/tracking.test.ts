import { ErrorCode, TRACKING_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCab, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

/** The behaviour-event collector (docs/host.md, "Tracking"): what it takes, what it refuses whole, how long it keeps. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CAB_TRACKING_RETENTION_DAYS: '30' });
});
afterAll(() => t.close());

const SESSION = 'a1B2c3D4e5F6g7H8i9J0k1L2';
const batch = (over: Record<string, unknown> = {}, events?: unknown[]) => ({
  session_id: SESSION,
  host: 'a',
  device: { platform: 'android', os_version: '14', product_version: '1.5.9' },
  events: events ?? [
    { key: 'home.view', at: t.clock.now() - 1000 },
    { key: 'record.save', at: t.clock.now(), book_id: '12', classification: 'obtainXb' },
  ],
  ...over,
});
const encode = (b: unknown) => Buffer.from(JSON.stringify(b)).toString('base64url');
const send = (content: string, extra = '&dept=minip&biz=behaviour', remoteAddress = '10.1.1.1') =>
  t.app.inject({ method: 'GET', url: `${TRACKING_PATHS.events}?content=${content}${extra}`, remoteAddress });
const stored = () => t.db.selectFrom('tracking_events').selectAll().execute();

describe('the behaviour-event collector', () => {
  it('takes a batch by GET, unsigned, and stores its events with nothing personal', async () => {
    const res = await send(encode(batch()));
    expect(res.statusCode, res.body).toBe(204);
    const rows = await stored();
    expect(rows.map((r) => [r.host, r.session_id, r.event_key, r.book_id, r.classification, r.platform])).toEqual([
      ['a', SESSION, 'home.view', null, 'obtainXb', 'android'],
      ['a', SESSION, 'record.save', '12', 'obtainXb', 'android'],
    ]);
    const counts = await runCab(t, ['tracking', 'counts', '--days', '1']);
    expect(counts.code).toBe(0);
    expect(counts.out.join('\n')).toMatch(/a\s+home\.view\s+1/);
    expect(counts.out.join('\n')).toMatch(/a\s+record\.save\s+1/);
    expect((await runCab(t, ['tracking', 'counts', '--days', 'x'])).code).toBe(2);
  });

  it('refuses a malformed, personal or oversized batch whole, storing nothing', async () => {
    const before = (await stored()).length;
    const bad: Array<[string, string]> = [
      ['not base64 JSON', Buffer.from('{nope').toString('base64url')],
      ['not a batch', encode({ hello: 'world' })],
      ['a phone number in a key', encode(batch({}, [{ key: 'call13812345678', at: t.clock.now() }]))],
      ['free text in a key', encode(batch({}, [{ key: '买了 一杯 咖啡', at: t.clock.now() }]))],
      ['an amount', encode(batch({}, [{ key: 'record.save', at: t.clock.now(), amount: '12.50' }]))],
      ['a short session', encode(batch({ session_id: 'abc' }))],
      ['an unknown host', encode(batch({ host: 'c' }))],
      ['no events', encode(batch({}, []))],
      [
        '51 events',
        encode(
          batch(
            {},
            Array.from({ length: 51 }, () => ({ key: 'home.view', at: t.clock.now() })),
          ),
        ),
      ],
      ['three days old', encode(batch({}, [{ key: 'home.view', at: t.clock.now() - 3 * 86_400_000 }]))],
      ['a book id beyond bigint', encode(batch({}, [{ key: 'home.view', at: t.clock.now(), book_id: '99999999999999999999' }]))],
    ];
    for (const [why, content] of bad) {
      const res = await send(content);
      expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.any(String) });
    }
    expectRefused(await send(encode(batch()), ''), 400, ErrorCode.VALIDATION);
    expectRefused(await send(encode(batch()), '&dept=other&biz=behaviour'), 400, ErrorCode.VALIDATION);
    expectRefused(await send('A'.repeat(8001)), 400, ErrorCode.VALIDATION);
    expect((await stored()).length).toBe(before);
  });

  it('limits each address to 120 batches a minute', async () => {
    const content = encode(batch());
    for (let i = 0; i < 120; i++) expect((await send(content, undefined, '10.9.9.9')).statusCode).toBe(204);
    expectRefused(await send(content, undefined, '10.9.9.9'), 429, ErrorCode.TOO_MANY_REQUESTS);
    expect((await send(content, undefined, '10.9.9.8')).statusCode).toBe(204);
  });

  it('keeps events the configured days: the daily job drops older ones', async () => {
    await t.db
      .insertInto('tracking_events')
      .values({
        at: new Date(t.clock.now() - 31 * 86_400_000),
        host: 'b',
        session_id: SESSION,
        event_key: 'old.view',
        platform: 'ios',
        os_version: '17',
        product_version: '1.5.9',
        received_at: new Date(t.clock.now() - 31 * 86_400_000),
      })
      .execute();
    expect(await t.built.tracking.dropOld()).toBe(1);
    expect((await stored()).some((r) => r.event_key === 'old.view')).toBe(false);
    expect((await stored()).length).toBeGreaterThan(0);
  });
});
