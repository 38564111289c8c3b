import { useMemo } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { useCurrentBookId } from '../accounting/queries.ts';
import { useBook } from '../books/queries.ts';
import { calendarOf } from './time.ts';

/** The book a flow page shows (its `bookId` parameter, else the current book), with its calendar. */
export function useFlowBookPage() {
  const [params] = useSearchParams();
  const current = useCurrentBookId();
  const bookId = params.get('bookId') || current;
  const book = useBook(bookId);
  const calendar = useMemo(() => calendarOf(book.data), [book.data]);
  return { bookId, book, calendar };
}
