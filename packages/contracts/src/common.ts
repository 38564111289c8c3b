import { z } from 'zod';
import { MONEY_PATTERN } from './money.ts';

/** 64-bit ids travel as decimal strings. */
export const Id = z.string().regex(/^[1-9][0-9]{0,18}$/, 'must be a positive integer id as a string');

/** Money travels as a decimal string with at most two decimals ("12.34", "-5", "0.5"). */
export const Money = z.string().regex(MONEY_PATTERN, 'must be a decimal string with at most two decimals');

/** Times travel as epoch milliseconds. */
export const EpochMs = z.number().int().nonnegative();

/** The `Device` header, a JSON object. Every field is optional: older clients omit some. */
export const Device = z.object({
  model: z.string().max(128).optional(),
  platform: z.string().max(64).optional(),
  os_version: z.string().max(64).optional(),
  device_id: z.string().max(128).optional(),
  product_name: z.string().max(64).optional(),
  product_version: z.string().max(32).optional(),
  locale: z.string().max(32).optional(),
  time_zone: z.string().max(64).optional(),
});
export type Device = z.infer<typeof Device>;

/** Envelope helpers: a single resource is `{data}`, a list `{data: []}`, a page adds `paging`. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), paging: z.object({ has_more: z.boolean() }) });

export const ErrorBodySchema = z.object({ code: z.number().int(), message: z.string() });
