import { usePageBook } from '../books/usePageBook.ts';
import { isOwned } from '../books/queries.ts';

/**
 * The book the private server page is about (its `bookId` parameter, as the book settings
 * give it, else the current book), and whether the caller owns it: only the owner may move
 * it (the server refuses anyone else, and its message says so).
 */
export function useZoneBook() {
  const page = usePageBook();
  return { ...page, owned: page.book.data ? isOwned(page.book.data) : false };
}
