import { AppError } from '../../http/errors.ts';

/**
 * Keyset cursors: where the last page ended (its sort value and id) and the order it was
 * read in, as opaque base64url text. Reading the next page starts right after that row,
 * through the index, so page 500 costs what page 1 does. A cursor of another order, or
 * one that was tampered with, is refused.
 */
const VALUE = /^-?[0-9]{1,20}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ID = /^[0-9]{1,19}$/;

export interface Position {
  sortv: string;
  id: string;
}

export function encodeCursor(kind: string, p: Position): string {
  return Buffer.from(JSON.stringify([kind, p.sortv, p.id])).toString('base64url');
}

/** The position a cursor names; `valueIsTime` allows a period's local start as the sort value (time groups by id). */
export function decodeCursor(cursor: string, kind: string, o: { valueIsTime?: boolean; idIsTime?: boolean } = {}): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('statistics.cursorInvalid');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== kind) throw new AppError('statistics.cursorInvalid');
  const [, sortv, id] = parsed as unknown[];
  const okValue = typeof sortv === 'string' && (o.valueIsTime ? TIMESTAMP.test(sortv) : VALUE.test(sortv));
  const okId = typeof id === 'string' && (o.idIsTime ? TIMESTAMP.test(id) : ID.test(id));
  if (!okValue || !okId) throw new AppError('statistics.cursorInvalid');
  return { sortv, id };
}
