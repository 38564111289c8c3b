import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { isBookGone, useBook } from './queries.ts';

/**
 * The book a page is about: its `bookId` parameter (the entries that open it name the
 * book, so a reload stays in the same book), else the current book; and whether it was
 * found gone. A book found gone stops being current (BookGone): the page keeps saying so
 * rather than "no book".
 */
export function usePageBook() {
  const [params] = useSearchParams();
  const chosen = effectiveBookId(useBookStore((s) => s.bookId));
  const current = params.get('bookId') || chosen;
  const [kept, setKept] = useState(current);
  if (current && current !== kept) setKept(current);
  const bookId = current || kept;
  const book = useBook(bookId);
  return { bookId, book, gone: book.isError && isBookGone(book.error) };
}
