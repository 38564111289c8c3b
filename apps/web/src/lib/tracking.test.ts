// eslint-disable-next-line no-restricted-imports -- test only: the collector's own schemas check what the client sends.
import { TrackingBatch, TrackingQuery } from '@cab/contracts';
import { TRACKING_CONTENT_MAX } from '@cab/contracts/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../app/route-table.ts';
import * as encoder from './tracking-batch.ts';
import { TRACK_EVENTS, pageViewKey, type TrackKey } from './tracking-events.ts';
import { SESSION_ID, createTracker, sendTrackingRequest, type Tracker, type TrackerDeps } from './tracking.ts';

const NOW = Date.UTC(2026, 10, 27, 8);
const tick = () => new Promise((r) => setTimeout(r, 0));

const made: Tracker[] = [];
afterEach(() => {
  for (const t of made.splice(0)) t.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(over: Partial<TrackerDeps> = {}) {
  const urls: string[] = [];
  const idle: Array<() => void> = [];
  let now = NOW;
  const tracker = createTracker({
    send: (url) => urls.push(url),
    host: () => 'browser',
    userAgent: () => 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0',
    session: SESSION_ID,
    encoder: () => encoder,
    loadEncoder: () => Promise.resolve(encoder),
    now: () => now,
    whenIdle: (fn) => idle.push(fn),
    ...over,
  });
  made.push(tracker);
  const runIdle = () => idle.splice(0).forEach((fn) => fn());
  return { tracker, urls, idle, runIdle, advance: (ms: number) => (now += ms) };
}

/** The batch a request carries, as the collector reads it (its query and content, through its own schemas). */
function batchOf(url: string): TrackingBatch {
  const query = TrackingQuery.parse(Object.fromEntries(new URL(url, 'https://cab.example').searchParams));
  return TrackingBatch.parse(JSON.parse(Buffer.from(query.content, 'base64url').toString('utf8')));
}

describe('the tracking client', () => {
  it('sends 20 events as one request, in a task of its own, that the collector accepts', async () => {
    const { tracker, urls } = setup();
    for (let i = 0; i < 20; i++) tracker.track('record.saved', { book_id: '12' });
    expect(urls).toEqual([]);
    await tick();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/cab-track-ws\/v1\/events\?content=[\w-]+&dept=minip&biz=behaviour$/);
    const batch = batchOf(urls[0]!);
    expect(batch).toMatchObject({
      session_id: SESSION_ID,
      host: 'browser',
      device: { platform: 'web', os_version: 'web', product_version: '1.5.9' },
    });
    expect(batch.events).toHaveLength(20);
    expect(batch.events[0]).toEqual({ key: 'record.saved', at: NOW, book_id: '12' });
  });

  it('sends fewer when the page is quiet, and nothing when nothing is queued', () => {
    const { tracker, urls, idle, runIdle } = setup();
    tracker.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(urls).toEqual([]);
    tracker.track('app.start');
    tracker.track('page:pages.home.index');
    expect(idle).toHaveLength(1);
    runIdle();
    expect(batchOf(urls[0]!).events.map((e) => e.key)).toEqual(['app.start', 'page:pages.home.index']);
    runIdle();
    expect(urls).toHaveLength(1);
  });

  it('sends at once as the page is left or hidden', () => {
    const { tracker, urls } = setup();
    tracker.track('share.shared', { classification: 'book' });
    window.dispatchEvent(new Event('pagehide'));
    expect(urls).toHaveLength(1);
    tracker.track('app.start');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(urls).toHaveLength(2);
    expect(batchOf(urls[0]!).events).toEqual([{ key: 'share.shared', at: NOW, classification: 'book' }]);
  });

  it('splits what is queued into batches of at most 50 events and 8,000 characters', () => {
    const { tracker, urls } = setup();
    for (let i = 0; i < 120; i++) tracker.track('app.start');
    tracker.flush();
    expect(urls.map((u) => batchOf(u).events.length)).toEqual([50, 50, 20]);

    urls.length = 0;
    // The longest events there can be: 50 of them would pass the collector's limit.
    const long = `page:${'x'.repeat(59)}` as const;
    for (let i = 0; i < 50; i++) tracker.track(long, { book_id: '922337203685477580', classification: 'c'.repeat(32) });
    tracker.flush();
    expect(urls.length).toBeGreaterThan(1);
    expect(urls.map((u) => batchOf(u).events.length).reduce((a, b) => a + b)).toBe(50);
    for (const u of urls) expect(new URL(u, 'https://x').searchParams.get('content')!.length).toBeLessThanOrEqual(TRACKING_CONTENT_MAX);
  });

  it('leaves out what the collector would refuse the whole batch for', () => {
    const { tracker, urls, advance } = setup();
    tracker.track('app.start');
    advance(2 * 86_400_000);
    tracker.track('not a word' as string as TrackKey);
    tracker.track('share.copied', { classification: '13800138000' });
    tracker.track('book.opened', { book_id: '0', phone: '13800138000' } as { book_id: string });
    tracker.flush();
    expect(batchOf(urls[0]!).events).toEqual([
      { key: 'share.copied', at: NOW + 2 * 86_400_000 },
      { key: 'book.opened', at: NOW + 2 * 86_400_000 },
    ]);
  });

  it('waits for the host handshake before sending, and names the host', () => {
    let host: 'a' | undefined = undefined;
    const { tracker, urls, idle, runIdle } = setup({ host: () => host });
    tracker.track('login.host');
    runIdle();
    window.dispatchEvent(new Event('pagehide'));
    expect(urls).toEqual([]);
    expect(idle).toHaveLength(1);
    host = 'a';
    runIdle();
    expect(batchOf(urls[0]!)).toMatchObject({ host: 'a', events: [{ key: 'login.host' }] });
  });

  it('loads the encoder when a batch needs it before the page has settled', async () => {
    let loaded: typeof encoder | undefined;
    const { tracker, urls } = setup({ encoder: () => loaded, loadEncoder: () => Promise.resolve((loaded = encoder)) });
    tracker.track('app.start');
    window.dispatchEvent(new Event('pagehide'));
    expect(urls).toEqual([]);
    await tick();
    expect(batchOf(urls[0]!).events).toEqual([{ key: 'app.start', at: NOW }]);
  });

  it('keeps one 24-character session id for the whole run', () => {
    expect(SESSION_ID).toMatch(/^[A-Za-z0-9]{24}$/);
    const { tracker, urls } = setup();
    tracker.track('app.start');
    tracker.flush();
    tracker.track('book.opened', { book_id: '3' });
    tracker.flush();
    expect(urls.map((u) => batchOf(u).session_id)).toEqual([SESSION_ID, SESSION_ID]);
  });

  it('swallows every failure: nothing throws and no promise is left rejected', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const fetch = vi.fn().mockRejectedValue(new TypeError('offline'));
      vi.stubGlobal('fetch', fetch);
      sendTrackingRequest('/cab-track-ws/v1/events?content=e30');
      expect(fetch).toHaveBeenCalledWith(
        '/cab-track-ws/v1/events?content=e30',
        expect.objectContaining({ method: 'GET', keepalive: true, credentials: 'omit' }),
      );
      vi.stubGlobal('fetch', () => {
        throw new TypeError('no fetch');
      });
      expect(() => sendTrackingRequest('/x')).not.toThrow();

      let sent = 0;
      const { tracker } = setup({
        send: () => {
          sent++;
          throw new Error('boom');
        },
      });
      tracker.track('app.start');
      expect(() => tracker.flush()).not.toThrow();
      // What failed is dropped, never tried again.
      tracker.flush();
      expect(sent).toBe(1);

      const broken = setup({
        userAgent: () => {
          throw new Error('no user agent');
        },
      });
      broken.tracker.track('app.start');
      expect(() => broken.tracker.flush()).not.toThrow();

      const offline = setup({ encoder: () => undefined, loadEncoder: () => Promise.reject(new TypeError('chunk failed')) });
      offline.tracker.track('app.start');
      window.dispatchEvent(new Event('pagehide'));
      await tick();
      await tick();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('sends only keys the collector takes: every listed event and every route’s page view', () => {
    const keys = [...TRACK_EVENTS, ...ROUTES.map((r) => pageViewKey(r.path))];
    const events = keys.map((key) => ({ key, at: NOW, book_id: '1' }));
    for (let i = 0; i < events.length; i += 50)
      expect(() =>
        TrackingBatch.parse({
          session_id: SESSION_ID,
          host: 'b',
          device: { platform: 'ios', os_version: '17.4', product_version: '1.5.9' },
          events: events.slice(i, i + 50),
        }),
      ).not.toThrow();
  });

  it('names the device in the schema’s words, and no more than its OS version', () => {
    expect(encoder.deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15', '1.5.9')).toEqual({
      platform: 'ios',
      os_version: '17.4',
      product_version: '1.5.9',
    });
    expect(encoder.deviceOf('Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 Chrome/120.0 Mobile', '1.5.9 beta')).toEqual({
      platform: 'android',
      os_version: '14',
      product_version: '1.5.9beta',
    });
    expect(encoder.deviceOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0', '1.5.9').os_version).toBe('web');
  });
});
