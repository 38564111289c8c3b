import { TRACKING_SESSION_LENGTH, type TrackingEvent, type TrackingHost } from '@cab/contracts/client';
import { knownHostEnv } from './host-env.ts';
import { randomString } from './random.ts';
import { whenIdle } from './idle.ts';
import type * as TrackingBatch from './tracking-batch.ts';
import type { TrackKey } from './tracking-events.ts';

/**
 * The app's behaviour-event client (SPEC 7, 9; docs/host.md, "Tracking"). `track()` only
 * queues: the caller never waits and nothing it does can fail. The queue goes out by GET
 * to the collector of the server the app came from, in batches: at 20 events, when the
 * page is quiet, and as the page is hidden or left. A request that fails is forgotten.
 * This part is in the first load; the encoder (tracking-batch.ts) comes once the page
 * has loaded and the browser is idle.
 */

/** What an event may carry besides its key and time: nothing personal, ever. */
export interface TrackExtra {
  /** The book the page or action is about (a numeric id). */
  book_id?: string;
  /** One word: what was shared, for a share. */
  classification?: string;
}

export type Encoder = typeof TrackingBatch;

export interface TrackerDeps {
  /** Sends one request, fire and forget; it must not throw. */
  send: (url: string) => void;
  /** The host the page runs in, once the handshake knows it. */
  host: () => TrackingHost | undefined;
  session: string;
  userAgent: () => string;
  now: () => number;
  /** Runs the quiet flush: once the page has settled and the browser is idle. */
  whenIdle: (fn: () => void) => void;
  /** The encoder when it has loaded, and how to load it. */
  encoder: () => Encoder | undefined;
  loadEncoder: () => Promise<unknown>;
}

export interface Tracker {
  track: (key: TrackKey, extra?: TrackExtra) => void;
  /** Sends what is queued, now (the page is hidden or left). */
  flush: () => void;
  /** Stops listening to the page and forgets the queue (tests). */
  stop: () => void;
}

/** Events that make a batch go at once. */
export const TRACK_BATCH_AT = 20;
/** What waits at most (a handshake that takes long); more is dropped. */
const QUEUE_MAX = 500;

/** Not on the caller's path, nor while the page is busy: the next idle moment, within a second. */
const soon = (fn: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 0);
};

export function createTracker(d: TrackerDeps): Tracker {
  let queue: TrackingEvent[] = [];
  let idleAsked = false;
  let soonAsked = false;
  let listening = false;

  const flush = (): void => {
    try {
      if (!queue.length) return;
      const host = d.host();
      // Inside a host its handshake says which one: until it has, the events wait for the next quiet moment.
      if (!host) {
        later();
        return;
      }
      const encoder = d.encoder();
      if (!encoder) {
        // Only a page hidden in its first seconds gets here; an encoder that cannot load takes the events with it.
        void d.loadEncoder().then(flush, () => (queue = []));
        return;
      }
      const urls = encoder.trackingUrls(queue, { session: d.session, host, now: d.now(), userAgent: d.userAgent() });
      queue = [];
      for (const url of urls) d.send(url);
    } catch {
      // SPEC 7: tracking errors are swallowed. What could not go is dropped, never retried in a loop.
      queue = [];
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  function later(): void {
    if (idleAsked) return;
    idleAsked = true;
    d.whenIdle(() => {
      idleAsked = false;
      flush();
    });
  }

  return {
    track(key, extra) {
      try {
        if (queue.length >= QUEUE_MAX) return;
        const at = d.now();
        // Only the fields an event has (the encoder leaves out bad ones), each in its place: one shape, a cheap push.
        queue.push(extra ? { key, at, book_id: extra.book_id, classification: extra.classification } : { key, at });
        if (!listening) {
          listening = true;
          // A page that is left, or put in the background (a phone's app switcher), may never be idle again.
          window.addEventListener('pagehide', flush);
          document.addEventListener('visibilitychange', onVisibility);
        }
        if (queue.length < TRACK_BATCH_AT) later();
        else if (!soonAsked) {
          soonAsked = true;
          soon(() => {
            soonAsked = false;
            flush();
          });
        }
      } catch {
        // Tracking never breaks what the user does.
      }
    },
    flush,
    stop() {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      listening = false;
      queue = [];
    },
  };
}

/** SPEC 9: 24 random characters, made once when the app starts. */
export const SESSION_ID = randomString(TRACKING_SESSION_LENGTH);

/**
 * One GET to the collector. Its path is the app's own origin: every CAB server has its
 * collector, so a test server's page reports to the test server and production's to
 * production (SPEC 7's endpoint per environment). `keepalive` lets a request made as the
 * page goes still leave; no cookies (the collector names no one); low priority, so it
 * never delays what the page itself is loading.
 */
export function sendTrackingRequest(url: string): void {
  try {
    void fetch(url, { method: 'GET', keepalive: true, credentials: 'omit', priority: 'low' }).catch(() => undefined);
  } catch {
    // SPEC 7: tracking errors are swallowed.
  }
}

let encoder: Encoder | undefined;
let loading: Promise<unknown> | undefined;
const loadEncoder = () =>
  (loading ??= import('./tracking-batch.ts').then(
    (m) => (encoder = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  ));
/** How long after the page has loaded the quiet flush waits (then for the browser to be idle). */
const QUIET_MS = 5000;

const tracker = createTracker({
  send: sendTrackingRequest,
  host: knownHostEnv,
  session: SESSION_ID,
  userAgent: () => navigator.userAgent,
  now: Date.now,
  whenIdle: (fn) => whenIdle(fn, QUIET_MS),
  encoder: () => encoder,
  loadEncoder,
});

// Under vitest, page tests count the requests their fetch mock gets; the tracker's own tests make trackers of their own.
const on = import.meta.env.MODE !== 'test';
// The encoder comes once the first screen has what it needs, before the first quiet flush.
if (on) whenIdle(() => void loadEncoder().catch(() => undefined));

/** Queues a behaviour event (tracking-events.ts lists them). Costs about a microsecond; never throws. */
export function track(key: TrackKey, extra?: TrackExtra): void {
  if (on) tracker.track(key, extra);
}
