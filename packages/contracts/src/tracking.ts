import { z } from 'zod';
import { EpochMs, Id } from './common.ts';
import { TRACKING_BATCH_MAX, TRACKING_BUSINESS, TRACKING_CONTENT_MAX, TRACKING_DEPARTMENT, TRACKING_HOSTS } from './tracking-paths.ts';

/**
 * A batch of behaviour events (docs/host.md, "Tracking"). Nothing personal fits in it:
 * every text is a short word of letters, digits and a few marks (no free text, no phone
 * number: a run of 7 or more digits is refused), and the only numbers are times and ids.
 */
const Word = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/)
    .max(max)
    .refine((v) => !/[0-9]{7,}/.test(v), 'a number this long may be personal');

export const TrackingEvent = z.strictObject({
  /** The event key: the page or action (home.view, record.save). */
  key: Word(64),
  at: EpochMs,
  book_id: Id.optional(),
  classification: Word(32).optional(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

// Strict: a field the collector does not know (an amount, a name) refuses the batch, it is not dropped quietly.
export const TrackingBatch = z.strictObject({
  /** SPEC 9: 24 random characters, made when the app starts. */
  session_id: z.string().regex(/^[A-Za-z0-9]{24}$/),
  host: z.enum(TRACKING_HOSTS),
  device: z.strictObject({
    platform: Word(16),
    os_version: z.string().regex(/^[0-9A-Za-z._-]{0,24}$/),
    product_version: z.string().regex(/^[0-9A-Za-z._-]{0,16}$/),
  }),
  events: z.array(TrackingEvent).min(1).max(TRACKING_BATCH_MAX),
});
export type TrackingBatch = z.infer<typeof TrackingBatch>;

/** The GET's query: the batch's JSON as base64url, and SPEC 7's department and business. */
export const TrackingQuery = z.object({
  content: z
    .string()
    .min(1)
    .max(TRACKING_CONTENT_MAX)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/),
  dept: z.literal(TRACKING_DEPARTMENT),
  biz: z.literal(TRACKING_BUSINESS),
});
