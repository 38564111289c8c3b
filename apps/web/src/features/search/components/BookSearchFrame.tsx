import type { ReactNode } from 'react';
import { BookGone } from '../../../app/BookGone.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { PageBar } from '../../../app/PageBar.tsx';
import { isBookGone, useBook } from '../../books/queries.ts';
import type { Book } from '@cab/contracts/client';
import '../search.css';

/**
 * The frame of a search in one book: the page bar, and the book the search is in
 * (its time zone and currency for the rows). A book that is gone, or none at all,
 * shows BookGone instead of half a page.
 */
export function BookSearchFrame({
  bookId,
  title,
  testId,
  children,
}: {
  bookId: string;
  title: ReactNode;
  testId: string;
  children: (book: Book | undefined) => ReactNode;
}) {
  const book = useBook(bookId);
  const gone = !bookId || (book.isError && isBookGone(book.error));
  return (
    <div className="page search-page" data-testid={testId}>
      <PageBar title={title} />
      {gone ? <BookGone bookId={bookId} /> : book.isError ? <LoadFailed full onRetry={book.refetch} /> : children(book.data)}
    </div>
  );
}
