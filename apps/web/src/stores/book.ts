import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The book context: the current book is sent as Trading-Entity on every call. */
export interface BookMeta {
  name: string;
  currency: string;
  creatorName: string;
}

export interface BookState {
  bookId: string;
  bookTemplateId: string;
  meta: BookMeta | null;
  setBook: (bookId: string, bookTemplateId: string, meta?: BookMeta) => void;
  clear: () => void;
}

export const useBookStore = create<BookState>()(
  persist(
    (set) => ({
      bookId: '',
      bookTemplateId: '',
      meta: null,
      setBook: (bookId, bookTemplateId, meta) => set({ bookId, bookTemplateId, meta: meta ?? null }),
      clear: () => set({ bookId: '', bookTemplateId: '', meta: null }),
    }),
    { name: STORAGE_KEYS.book, storage: createJSONStorage(() => localStorage) },
  ),
);

/** "0" or empty means no book; then the statistics info's book is used (SPEC 3). */
export function effectiveBookId(current: string, statisticsBookId = ''): string {
  return current && current !== '0' ? current : statisticsBookId;
}

/**
 * Books this session found the caller is no longer in (removed, or the book deleted)
 * while the app had them open: their pages say "你已不在这个账本中" rather than that the
 * book does not exist.
 */
interface LeftBooksState {
  left: Readonly<Record<string, true>>;
  markLeft: (bookId: string) => void;
  forget: (bookId: string) => void;
}
export const useLeftBooks = create<LeftBooksState>()((set) => ({
  left: {},
  markLeft: (bookId) => set((s) => (s.left[bookId] ? s : { left: { ...s.left, [bookId]: true } })),
  forget: (bookId) =>
    set((s) => {
      if (!s.left[bookId]) return s;
      const { [bookId]: _gone, ...rest } = s.left;
      return { left: rest };
    }),
}));

type RefusalListener = (bookId: string) => void;
const refusalListeners = new Set<RefusalListener>();
// Refusals heard before the books feature listens (it loads once the first page is drawn) wait for it.
let unheard: string[] = [];

/**
 * A book-scoped call answered "book not found" (the request layer tells, naming the
 * Trading-Entity it sent): the books feature then asks whether the caller is still in it.
 */
export const bookRefusals = {
  listen(fn: RefusalListener): () => void {
    refusalListeners.add(fn);
    const waiting = unheard;
    unheard = [];
    for (const id of waiting) fn(id);
    return () => refusalListeners.delete(fn);
  },
  tell(bookId: string): void {
    if (!refusalListeners.size) unheard = [...unheard.filter((id) => id !== bookId), bookId];
    for (const fn of refusalListeners) fn(bookId);
  },
};
