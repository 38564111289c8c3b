import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The book context: the current book is sent as Trading-Entity on every call. */
export interface BookState {
  bookId: string;
  bookTemplateId: string;
  setBook: (bookId: string, bookTemplateId: string) => void;
  clear: () => void;
}

export const useBookStore = create<BookState>()(
  persist(
    (set) => ({
      bookId: '',
      bookTemplateId: '',
      setBook: (bookId, bookTemplateId) => set({ bookId, bookTemplateId }),
      clear: () => set({ bookId: '', bookTemplateId: '' }),
    }),
    { name: STORAGE_KEYS.book, storage: createJSONStorage(() => localStorage) },
  ),
);

/** "0" or empty means no book; then the statistics info's book is used (SPEC 3). */
export function effectiveBookId(current: string, statisticsBookId = ''): string {
  return current && current !== '0' ? current : statisticsBookId;
}
