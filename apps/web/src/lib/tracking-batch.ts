import {
  TRACKING_BATCH_MAX,
  TRACKING_BUSINESS,
  TRACKING_CONTENT_MAX,
  TRACKING_DEPARTMENT,
  TRACKING_PATHS,
  WEB_APP_VERSION,
  type TrackingBatch,
  type TrackingEvent,
  type TrackingHost,
} from '@cab/contracts/client';

/**
 * The tracking batch as the collector takes it (packages/contracts/src/tracking.ts, checked
 * against its zod schema in tracking.test.ts): the same rules written without zod. The
 * collector refuses a whole batch for one bad event, so a bad event is dropped here instead.
 * Loaded after the first screen (tracking.ts): the first load only queues.
 */

const WORD = /^[A-Za-z][A-Za-z0-9_.:-]*$/;
// The collector refuses 7 digits in a row in any word: they may be a phone number.
const LONG_NUMBER = /[0-9]{7}/;
// Book ids are decimal strings; 18 digits are always within PostgreSQL's bigint.
const ID = /^[1-9][0-9]{0,17}$/;
const KEY_MAX = 64;
const CLASSIFICATION_MAX = 32;

const isWord = (v: string, max: number) => v.length <= max && WORD.test(v) && !LONG_NUMBER.test(v);

export type BatchHead = Omit<TrackingBatch, 'events'>;

/** The event as the collector takes it: undefined when its key is not one; a bad book id or classification is left out. */
export function cleanEvent(e: TrackingEvent): TrackingEvent | undefined {
  if (!isWord(e.key, KEY_MAX) || !Number.isInteger(e.at)) return undefined;
  const out: TrackingEvent = { key: e.key, at: e.at };
  if (e.book_id !== undefined && ID.test(e.book_id)) out.book_id = e.book_id;
  if (e.classification !== undefined && isWord(e.classification, CLASSIFICATION_MAX)) out.classification = e.classification;
  return out;
}

/** What the device is, in the schema's words: the platform as api/client.ts names it, and its OS's version (major.minor). */
export function deviceOf(userAgent: string, productVersion: string): BatchHead['device'] {
  const platform = /iPhone|iPad/.test(userAgent) ? 'ios' : /Android/.test(userAgent) ? 'android' : 'web';
  const ios = / OS (\d+)[_.](\d+)/.exec(userAgent);
  const version =
    platform === 'ios' && ios ? `${ios[1]}.${ios[2]}` : platform === 'android' ? /Android (\d+(?:\.\d+)?)/.exec(userAgent)?.[1] : undefined;
  return {
    platform,
    // Elsewhere the platform's name stands in: a desktop's OS version says little and helps single a device out.
    os_version: version ?? platform,
    product_version: productVersion.replace(/[^0-9A-Za-z._-]/g, '').slice(0, 16),
  };
}

// The JSON is ASCII only (every text above is a word), so btoa takes it as it is.
const base64url = (json: string) => btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
// Base64 makes 4 characters of every 3: the JSON that fits in the collector's limit.
const JSON_MAX = Math.floor(TRACKING_CONTENT_MAX / 4) * 3;

/**
 * The `content` of each request for these events: base64url of a batch's JSON, at most
 * TRACKING_BATCH_MAX events and TRACKING_CONTENT_MAX characters each, in order.
 */
export function encodeBatches(head: BatchHead, events: readonly TrackingEvent[]): string[] {
  // The batch's JSON is written by hand around its events, so each event's length is known as it is added.
  const open = `${JSON.stringify(head).slice(0, -1)},"events":[`;
  const close = ']}';
  const contents: string[] = [];
  let parts: string[] = [];
  let length = open.length + close.length;
  const done = () => {
    if (parts.length) contents.push(base64url(open + parts.join(',') + close));
    parts = [];
    length = open.length + close.length;
  };
  for (const e of events) {
    const json = JSON.stringify(e);
    const grown = length + json.length + (parts.length ? 1 : 0);
    if (parts.length === TRACKING_BATCH_MAX || (grown > JSON_MAX && parts.length)) done();
    // An event too long for a batch of its own cannot be: every field is short. Dropped if it were.
    if (open.length + close.length + json.length > JSON_MAX) continue;
    length += json.length + (parts.length ? 1 : 0);
    parts.push(json);
  }
  done();
  return contents;
}

// The collector refuses events over 2 days old: a little less, for a clock a few minutes off.
const MAX_AGE_MS = 2 * 86_400_000 - 10 * 60_000;

export interface BatchContext {
  session: string;
  host: TrackingHost;
  now: number;
  userAgent: string;
}

/** The GETs that carry these events to the collector: what it would refuse left out. */
export function trackingUrls(events: readonly TrackingEvent[], c: BatchContext): string[] {
  const oldest = c.now - MAX_AGE_MS;
  const kept = events.flatMap((e) => (e.at >= oldest ? (cleanEvent(e) ?? []) : []));
  if (!kept.length) return [];
  const head: BatchHead = { session_id: c.session, host: c.host, device: deviceOf(c.userAgent, WEB_APP_VERSION) };
  return encodeBatches(head, kept).map(
    (content) => `${TRACKING_PATHS.events}?content=${content}&dept=${TRACKING_DEPARTMENT}&biz=${TRACKING_BUSINESS}`,
  );
}
