import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { isBookGone, isOwned, useBook } from '../books/queries.ts';

/**
 * The book the private server page is about (its `bookId` parameter, as the book settings
 * give it, else the current book), and whether the caller owns it: only the owner may move
 * it (the server refuses anyone else, and its message says so).
 */
export function useZoneBook() {
  const [params] = useSearchParams();
  const chosen = effectiveBookId(useBookStore((s) => s.bookId));
  const current = params.get('bookId') || chosen;
  // A book found gone stops being current (BookGone); the screen keeps saying so rather than "no book".
  const [kept, setKept] = useState(current);
  if (current && current !== kept) setKept(current);
  const bookId = current || kept;
  const book = useBook(bookId);
  return {
    bookId,
    book,
    gone: book.isError && isBookGone(book.error),
    owned: book.data ? isOwned(book.data) : false,
  };
}
