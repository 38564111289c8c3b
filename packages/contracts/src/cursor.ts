import { z } from 'zod';
import { EpochMs, Id } from './common.ts';
import type { MessageKey } from './messages.ts';
import {
  GROUP_KEYS,
  GROUP_SORT_KEYS,
  isTimeGroupKey,
  type FlowSortKey,
  type GroupKey,
  type GroupSortKey,
  type Order,
} from './statistics-rules.ts';
import { TIME_RANGE, TIME_RANGE_YEARS } from './time-range.ts';

/**
 * Keyset cursors (docs/decisions.md, "Numbers a client sends"): where the last page ended,
 * as the parts of its last row, with the kind of list and order they belong to. The server
 * encodes every cursor it hands out here and reads every cursor it is sent back here, so
 * each part is checked as what it stands for (an id as the shared `Id`, a time against the
 * one time range) before any of it reaches SQL. Clients pass cursors back untouched: the
 * text is base64url of the JSON array `[kind, ...parts]`, and may change.
 */

/** Cursor text longer than this is not read. */
export const CURSOR_MAX_LENGTH = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INTEGER = /^(0|-?[1-9][0-9]*)$/;

/** An integer within bounds, as decimal text (refinements run even when an earlier check failed: this one checks alone). */
const integerBetween = (min: bigint, max: bigint) => (v: string) => {
  if (v.length > 20 || !INTEGER.test(v)) return false;
  const n = BigInt(v);
  return n >= min && n <= max;
};

/** A wall-clock time as PostgreSQL writes a timestamp: a period's local start. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/**
 * A wall-clock time that exists, in a year of the time range or either side of it (the
 * period holding the range's first instant may start in the year before, in a book's zone).
 */
function isLocalTime(v: string): boolean {
  const m = LOCAL_TIME.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < TIME_RANGE_YEARS.first - 1 || y > TIME_RANGE_YEARS.last + 1) return false;
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && t.getUTCSeconds() === s;
}

/** What a part of a cursor may be, each checked as the value it stands for. */
const PARTS = {
  /** A row's id: as the shared `Id` checks it. */
  id: Id,
  /** A dimension group's id: an id, or "0" for none. */
  idOrNone: z.union([z.literal('0'), Id]),
  /** An instant in epoch ms, within the time range. */
  time: EpochMs,
  /** An instant in epoch microseconds (a transaction's time as the flow sorts it), within the time range. */
  micros: z.string().refine(integerBetween(BigInt(TIME_RANGE.min) * 1000n, BigInt(TIME_RANGE.max) * 1000n + 999n)),
  /** A 64-bit integer, as a decimal string (an amount in minor units). */
  int64: z.string().refine(integerBetween(-(2n ** 63n), 2n ** 63n - 1n)),
  /** A sum of amounts or a count (numeric in SQL): an integer of at most 30 digits. */
  sum: z.string().regex(/^(0|-?[1-9][0-9]{0,29})$/),
  /** 1 or 0 (pinned or not). */
  flag: z.union([z.literal(0), z.literal(1)]),
  /** A period's local start, 'YYYY-MM-DD HH:MM:SS'. */
  localTime: z.string().refine(isLocalTime),
  /** A trade record's key among those of one moment: its kind's letter and order number (a bill adds its day). */
  tradeKey: z.string().regex(/^[rps]:[RPS][0-9]{8,30}(:\d{4}-\d{2}-\d{2})?$/),
} as const;
export type CursorPart = keyof typeof PARTS;
export const CURSOR_PARTS = Object.keys(PARTS) as CursorPart[];

type PartValues<P extends readonly CursorPart[]> = { -readonly [I in keyof P]: z.output<(typeof PARTS)[P[I]]> };

export interface KeysetCursor<P extends readonly CursorPart[] = readonly CursorPart[]> {
  readonly kind: string;
  readonly parts: P;
  /** The cursor text of a position; a value its part would refuse is a bug of the caller, thrown. */
  encode(values: PartValues<P>): string;
  /** The position a cursor of this kind names, each part checked; undefined for anything else. */
  decode(text: string): PartValues<P> | undefined;
}

function toBase64url(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string | undefined {
  if (text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Whether text can be a cursor at all: base64url, not empty, not too long. */
export const isCursorText = (text: string): boolean => text.length > 0 && text.length <= CURSOR_MAX_LENGTH && BASE64URL.test(text);

/** The kind and the parts of cursor text, unchecked; undefined when it is not base64url JSON of an array led by a kind. */
export function readCursor(text: string): [string, ...unknown[]] | undefined {
  if (!isCursorText(text)) return undefined;
  const json = fromBase64url(text);
  if (json === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) && typeof parsed[0] === 'string' ? (parsed as [string, ...unknown[]]) : undefined;
}

/** Cursor text of any parts, unchecked: for tests that forge cursors of a real shape. */
export const writeCursor = (kind: string, parts: readonly unknown[]): string => toBase64url(JSON.stringify([kind, ...parts]));

/** The cursor of one kind of list, in one order. */
export function keysetCursor<const P extends readonly CursorPart[]>(kind: string, parts: P): KeysetCursor<P> {
  const read = (values: readonly unknown[]): PartValues<P> | undefined => {
    if (values.length !== parts.length) return undefined;
    const out: unknown[] = [];
    for (const [i, part] of parts.entries()) {
      const res = PARTS[part].safeParse(values[i]);
      if (!res.success) return undefined;
      out.push(res.data);
    }
    return out as PartValues<P>;
  };
  return {
    kind,
    parts,
    encode(values) {
      if (!read(values)) throw new Error(`a ${kind} cursor cannot hold ${JSON.stringify(values)}`);
      return writeCursor(kind, values);
    },
    decode(text) {
      const all = readCursor(text);
      return all && all[0] === kind ? read(all.slice(1)) : undefined;
    },
  };
}

// ---------- every cursor CAB hands out ----------

/** The community's threads: pinned first, then the latest activity, then the id. */
export const THREAD_CURSOR = keysetCursor('thread', ['flag', 'time', 'id']);
/** A thread's comments or a comment's replies, oldest first: the last pid. */
export const COMMENT_CURSOR = keysetCursor('comment', ['id']);
/** The book's community happenings, newest first: the last event's id. */
export const FORUM_EVENT_CURSOR = keysetCursor('forum-event', ['id']);
/** The book's activity log, newest first: the last entry's id. */
export const ACTIVITY_CURSOR = keysetCursor('activity', ['id']);

/** The trade records (the caller's orders), newest first: the record's time and its key. */
export const TRADE_CURSOR = keysetCursor('trade', ['time', 'tradeKey']);

/** The flow in one order: the sort value (the time in microseconds, or the amount) and the id. */
export const flowCursor = (sortBy: FlowSortKey, order: Order) =>
  keysetCursor(`f:${sortBy}:${order}`, [sortBy === 'AMOUNT' ? 'int64' : 'micros', 'id'] as const);

/** Groups of one key in one order: the sort value (the group itself, or a metric's sum) and the group. */
export function groupCursor(key: GroupKey, sortBy: GroupSortKey, order: Order) {
  const group = isTimeGroupKey(key) ? 'localTime' : 'idOrNone';
  return keysetCursor(`g:${key}:${sortBy}:${order}`, [sortBy === 'GROUP_ID' ? group : 'sum', group] as const);
}

const NAMED: readonly KeysetCursor[] = [THREAD_CURSOR, COMMENT_CURSOR, FORUM_EVENT_CURSOR, ACTIVITY_CURSOR, TRADE_CURSOR];
const FLOW_KIND = /^f:(ACCOUNT_TIME|AMOUNT):(ASC|DESC)$/;
const GROUP_KIND = /^g:([A-Z_]+):([A-Z_]+):(ASC|DESC)$/;

/** The cursor a kind names, whatever list it is of; undefined for a kind CAB never hands out. */
export function cursorOfKind(kind: string): KeysetCursor | undefined {
  const named = NAMED.find((c) => c.kind === kind);
  if (named) return named;
  const f = FLOW_KIND.exec(kind);
  if (f) return flowCursor(f[1] as FlowSortKey, f[2] as Order);
  const g = GROUP_KIND.exec(kind);
  const key = GROUP_KEYS.find((k) => k === g?.[1]);
  const sortBy = GROUP_SORT_KEYS.find((k) => k === g?.[2]);
  return g && key && sortBy ? groupCursor(key, sortBy, g[3] as Order) : undefined;
}

const invalid = 'cursor.invalid' satisfies MessageKey;

/** Cursor text as a request carries it when its kind depends on the rest of the request (the statistics' page). */
export const CursorText = z.string().refine(isCursorText, invalid);

/** A request field holding a cursor of one kind: read and checked part by part as the request is parsed. */
export function cursorField<P extends readonly CursorPart[]>(cursor: KeysetCursor<P>) {
  return z.string().transform((text, ctx) => {
    const position = cursor.decode(text);
    if (position === undefined) {
      ctx.addIssue({ code: 'custom', message: invalid, input: text });
      return z.NEVER;
    }
    return position;
  });
}
