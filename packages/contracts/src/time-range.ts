/**
 * The times a client may send, named once (docs/decisions.md, "Numbers a client sends"):
 * instants from the start of 1970 to the end of 2999, UTC. Zod-free, so the web and the
 * message catalogue can name the same years.
 */
export const TIME_RANGE_YEARS = { first: 1970, last: 2999 } as const;

/** The same range in epoch milliseconds, both ends included. */
export const TIME_RANGE = {
  min: Date.UTC(TIME_RANGE_YEARS.first, 0, 1),
  max: Date.UTC(TIME_RANGE_YEARS.last + 1, 0, 1) - 1,
} as const;

/** Whether a time (epoch ms) is one CAB accepts from a client. */
export const inTimeRange = (ms: number): boolean => Number.isInteger(ms) && ms >= TIME_RANGE.min && ms <= TIME_RANGE.max;
