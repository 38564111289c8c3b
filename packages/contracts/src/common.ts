import { z } from 'zod';
import { MONEY_PATTERN } from './money.ts';
import { CONTROL_CHARS, CONTROL_CHARS_MULTILINE, LONE_SURROGATE } from './rules.ts';
import type { MessageKey } from './messages.ts';
import { graphemeLength } from './text.ts';
import { inTimeRange } from './time-range.ts';
import { DIRECTION_CONTROLS, DIRECTION_OVERRIDES, looksEmpty } from './text-rules.ts';

/** Beyond this many UTF-16 units per allowed character (a family emoji is 11), a text is too long without counting it. */
const UNITS_PER_GRAPHEME = 16;

/**
 * The one text type of every text field: trimmed, within its length counted in
 * graphemes as a person sees them (`graphemeLength`), and free of NUL and other control
 * characters (multi-line texts keep line breaks and tabs). A text that looks empty
 * (`looksEmpty`: only whitespace and characters that draw nothing) is empty. No text
 * takes the direction embeddings and overrides; a `name` (what a person or a thing is
 * called: nicknames, books, members, merchants, roles...) takes no direction control at
 * all (docs/decisions.md, "Text that looks empty").
 */
export function Text(
  max: number,
  // `graphemes` is kept for texts written when counting in graphemes was a choice: every text counts so now.
  o: { min?: number; multiline?: boolean; graphemes?: boolean; name?: boolean } = {},
) {
  const bad = o.multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS;
  const direction = o.name ? DIRECTION_CONTROLS : DIRECTION_OVERRIDES;
  const base = z
    .string()
    .refine((v) => !bad.test(v), 'validation.controlChars' satisfies MessageKey)
    .refine((v) => !LONE_SURROGATE.test(v), 'validation.brokenText' satisfies MessageKey)
    .refine((v) => !direction.test(v), 'validation.directionControls' satisfies MessageKey);
  // A too_big issue of a string, as `.max` raises it, so the field's message says "at most N".
  const trimmed = z
    .string()
    .trim()
    .overwrite((v) => (looksEmpty(v) ? '' : v))
    .check((ctx) => {
      const v = ctx.value;
      if (v.length > max * UNITS_PER_GRAPHEME || graphemeLength(v) > max)
        ctx.issues.push({
          code: 'too_big',
          origin: 'string',
          maximum: max,
          inclusive: true,
          input: v,
          message: `at most ${max} characters`,
        });
    });
  return base.pipe(o.min ? trimmed.min(o.min, 'must not be empty') : trimmed);
}

/** A name: one line, not empty to the eye, without direction controls (see `Text`). */
export const Name = (max: number) => Text(max, { min: 1, name: true });

/** 64-bit ids travel as decimal strings, within PostgreSQL's bigint (a larger one names nothing). */
export const Id = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/, 'must be a positive integer id as a string')
  .refine((v) => v.length < 19 || v <= '9223372036854775807', 'must be a positive integer id as a string');

/** Money travels as a decimal string with at most two decimals ("12.34", "-5", "0.5"). */
export const Money = z.string().regex(MONEY_PATTERN, 'must be a decimal string with at most two decimals');

/**
 * Times travel as whole epoch milliseconds, within the one range a client may send
 * (time-range.ts); a time past it is worded by that range, not by a number's limits.
 */
export const EpochMs = z
  .number()
  .refine(Number.isInteger, 'validation.invalid' satisfies MessageKey)
  .refine(inTimeRange, 'time.outOfRange' satisfies MessageKey);

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
