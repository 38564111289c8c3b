import type { CursorPart, KeysetCursor } from '@cab/contracts';
import { AppError } from './errors.ts';

/**
 * The position a cursor sent back names, for a list whose cursor kind depends on the rest
 * of the request (the statistics' sort): one of another kind, or with a part out of range,
 * is refused before any SQL, as every cursor field is (contracts' cursor.ts).
 */
export function positionOf<P extends readonly CursorPart[]>(cursor: KeysetCursor<P>, text: string) {
  const position = cursor.decode(text);
  if (position === undefined) throw new AppError('cursor.invalid');
  return position;
}
