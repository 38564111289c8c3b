/**
 * Behaviour tracking (SPEC 7, 9; issue 30): the events the app sends by GET to the
 * collector of its environment, and the words they use. Zod-free for the web. docs/host.md
 * holds the design.
 */
export const TRACKING_PATHS = {
  /** GET ?content=<base64url of the batch's JSON>&dept=minip&biz=behaviour: answers 204. */
  events: '/cab-track-ws/v1/events',
} as const;

/** SPEC 7: the tracking department id and business id. */
export const TRACKING_DEPARTMENT = 'minip';
export const TRACKING_BUSINESS = 'behaviour';
/** SPEC 9: the default tracking classification. */
export const DEFAULT_TRACKING_CLASSIFICATION = 'obtainXb';
/** SPEC 9: a session id is 24 random characters. */
export const TRACKING_SESSION_LENGTH = 24;
/** Where the app runs: partner host A, partner host B, or a plain browser. */
export const TRACKING_HOSTS = ['a', 'b', 'browser'] as const;
export type TrackingHost = (typeof TRACKING_HOSTS)[number];
/** At most this many events in one batch, and characters of its encoded content (a GET's query). */
export const TRACKING_BATCH_MAX = 50;
export const TRACKING_CONTENT_MAX = 8000;
