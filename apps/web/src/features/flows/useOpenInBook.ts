import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { openBook } from '../books/mutations.ts';

/**
 * Opens the accounting form (a record to edit, or a new one) for a flow's book. The form
 * works in the current book, so a flow opened for another book (its bookId parameter)
 * makes that book current first (SPEC 4, opening a book). Undefined when the flow's book
 * is already current: the rows open the form directly.
 */
export function useOpenInBook(bookId: string): ((path: string) => void) | undefined {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const busy = useRef(false);
  const current = effectiveBookId(useBookStore((s) => s.bookId));
  if (!bookId || bookId === current) return undefined;
  return (path) => {
    if (busy.current) return;
    busy.current = true;
    openBook(qc, bookId)
      .then(() => navigate(path))
      .catch(() => undefined) // the request wrapper has shown why
      .finally(() => (busy.current = false));
  };
}

export const editPath = (id: string) => `/subPackages/accounting/index?id=${encodeURIComponent(id)}`;
export const RECORD_PATH = '/subPackages/accounting/index';
