import { useCallback } from 'react';
import { useBook, useBooks } from './queries.ts';

/**
 * A book's time zone for its times (lib/book-clock.ts): from the book once loaded, else
 * from the list of my books; undefined until known, which reads as the phone's zone.
 */
export function useBookZone(bookId: string | undefined): string | undefined {
  const one = useBook(bookId ?? '');
  const zoneOf = useBookZones();
  return one.data?.time_zone ?? zoneOf(bookId);
}

/**
 * The zones of my books by id, from the book list alone: for screens naming many books
 * (messages), where a book I have left answers undefined and its times stay the phone's.
 */
export function useBookZones(): (bookId: string | null | undefined) => string | undefined {
  const list = useBooks();
  return useCallback((bookId) => (bookId ? list.data?.find((b) => b.id === bookId)?.time_zone : undefined), [list.data]);
}
