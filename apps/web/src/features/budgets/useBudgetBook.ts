import { Permission } from '@cab/contracts/client';
import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { create } from 'zustand';
import { zoneOr } from '../../lib/book-clock.ts';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { useBook } from '../books/queries.ts';
import { useBookPermissions } from '../members/permissions.ts';
import { useBudgetChoice } from './api.ts';

// Changing budgets (010002), and buying the advanced budgets for the book (05: who runs it).
const EDIT_CODES: readonly string[] = [Permission.EDIT_TRANSACTION, Permission.BOOK_GROUP];

/**
 * The period the budget screens show, while the app runs: an instant inside it (null:
 * the current one), for one book. The center and the category screen share it, so a
 * category opened from last month's budgets shows last month too.
 */
interface PeriodState {
  bookId: string;
  at: number | null;
  setAt: (bookId: string, at: number | null) => void;
}
export const useBudgetPeriod = create<PeriodState>()((set) => ({
  bookId: '',
  at: null,
  setAt: (bookId, at) => set({ bookId, at }),
}));

/**
 * The book the budget screens are about (their `bookId` parameter, as a message's link
 * gives it, else the current book), the caller's choice of
 * recurrence and type in it, the period shown, and whether the caller may change
 * budgets (010002, editing transactions) and buy features for the book (05); true until
 * known: the server refuses anyway.
 */
export function useBudgetBook() {
  const [params] = useSearchParams();
  const chosen = effectiveBookId(useBookStore((s) => s.bookId));
  const current = params.get('bookId') || chosen;
  // A book found gone stops being current (BookGone); the screen keeps saying so rather than "no book".
  const [kept, setKept] = useState(current);
  if (current && current !== kept) setKept(current);
  const bookId = current || kept;
  const book = useBook(bookId);
  const perms = useBookPermissions(bookId, book.data?.role_list[0]?.role_id, EDIT_CODES);
  const { choice, pending, change } = useBudgetChoice(bookId);
  const at = useBudgetPeriod((s) => (s.bookId === bookId ? s.at : null));
  const setAt = useBudgetPeriod((s) => s.setAt);
  return {
    bookId,
    book,
    timeZone: zoneOr(book.data?.time_zone),
    mayEdit: perms.data ? perms.allowed(Permission.EDIT_TRANSACTION) : true,
    mayBuy: perms.data ? perms.allowed(Permission.BOOK_GROUP) : true,
    choice,
    choicePending: pending,
    change,
    at,
    setAt: (next: number | null) => setAt(bookId, next),
  };
}

export type BudgetBook = ReturnType<typeof useBudgetBook>;
