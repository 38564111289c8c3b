import type { Book } from '@cab/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { bookRefusals, useBookStore, useLeftBooks } from '../../stores/book.ts';
import { bookKeys, bookQueries, isBookGone } from './queries.ts';

/**
 * The first call refused in a book (404 "book not found": the caller was removed, or the
 * book deleted, while the app had it open) asks the server for the book at once. When it
 * is gone, every screen showing it turns to BookGone ("你已不在这个账本中") instead of
 * kept totals and a load failure, and it leaves the book lists; no reload needed.
 */
export function watchBookRefusals(qc: QueryClient): () => void {
  const checking = new Set<string>();
  return bookRefusals.listen((bookId) => {
    if (checking.has(bookId) || useLeftBooks.getState().left[bookId] || !hadIt(qc, bookId)) return;
    checking.add(bookId);
    void qc
      .fetchQuery({ ...bookQueries.one(bookId), staleTime: 0 })
      .then(
        () => undefined,
        (err: unknown) => {
          if (isBookGone(err)) bookLeft(qc, bookId);
        },
      )
      .finally(() => checking.delete(bookId));
  });
}

/** Whether the app had the book open or listed: only then was the caller in it until now (another's book is just "not found"). */
function hadIt(qc: QueryClient, bookId: string): boolean {
  const listed = (key: readonly unknown[]) => qc.getQueryData<Book[]>(key)?.some((b) => b.id === bookId) ?? false;
  return (
    useBookStore.getState().bookId === bookId ||
    qc.getQueryData(bookKeys.one(bookId)) !== undefined ||
    listed(bookKeys.list()) ||
    listed(bookKeys.recent())
  );
}

function bookLeft(qc: QueryClient, bookId: string): void {
  useLeftBooks.getState().markLeft(bookId);
  // A failed refetch keeps the book as it was; screens that draw from it (the flows) would
  // go on showing it. Dropped, the book query is a plain "gone" error everywhere.
  qc.getQueryCache()
    .find({ queryKey: bookKeys.one(bookId), exact: true })
    ?.setState({ data: undefined, dataUpdatedAt: 0 });
  const without = (list: Book[] | undefined) => list?.filter((b) => b.id !== bookId);
  qc.setQueryData<Book[]>(bookKeys.list(), without);
  qc.setQueryData<Book[]>(bookKeys.recent(), without);
}
