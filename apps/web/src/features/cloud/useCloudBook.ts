import { Permission } from '@cab/contracts/client';
import { useState } from 'react';
import { zoneOr } from '../../lib/book-clock.ts';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { isBookGone, isOwned, useBook } from '../books/queries.ts';
import { useBookPermissions } from '../members/permissions.ts';

const RENT_CODES: readonly string[] = [Permission.SPACE_RENTAL];

/**
 * The book the cloud screens are about (their `bookId` parameter, as a message's link
 * gives it, else the current book), and whether the caller may rent and share its space
 * (permission 13, the owner's by default); true until known: the server refuses anyway,
 * and its message says who may.
 */
export function useCloudBook() {
  const [params] = useSearchParams();
  const chosen = effectiveBookId(useBookStore((s) => s.bookId));
  const current = params.get('bookId') || chosen;
  // A book found gone stops being current (BookGone); the screen keeps saying so rather than "no book".
  const [kept, setKept] = useState(current);
  if (current && current !== kept) setKept(current);
  const bookId = current || kept;
  const book = useBook(bookId);
  const owned = book.data ? isOwned(book.data) : false;
  const perms = useBookPermissions(bookId, book.data?.role_list[0]?.role_id, RENT_CODES);
  return {
    bookId,
    book,
    gone: book.isError && isBookGone(book.error),
    owned,
    timeZone: zoneOr(book.data?.time_zone),
    mayRent: owned || (perms.data ? perms.allowed(Permission.SPACE_RENTAL) : true),
  };
}

export type CloudBook = ReturnType<typeof useCloudBook>;
