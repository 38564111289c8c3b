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
