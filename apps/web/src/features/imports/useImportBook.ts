import { usePageBook } from '../books/usePageBook.ts';
import { useRecordAccess } from '../members/useMayRecord.ts';

/**
 * The book the import pages are about: their `bookId` parameter (the entries and the
 * import's own page name it, so a reload stays in the same book), else the current book;
 * and whether the caller's role may record there (importing is recording: 010001).
 */
export function useImportBook() {
  const page = usePageBook();
  return { ...page, access: useRecordAccess(page.bookId, false) };
}
