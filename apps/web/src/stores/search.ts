import { SEARCH_ALL_YEARS, SEARCH_HISTORY_MAX, type SearchTag } from '@cab/contracts/client';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The search state (SPEC 3): the keyword history, kept on the device for each user;
 * the year filter and the group tags, per book. Only the history is persisted: a
 * year or a tag of a book names that book's data, which can change on another phone,
 * so they last as long as the page does.
 */
export interface SearchState {
  /** Newest first, at most SEARCH_HISTORY_MAX, per user id. */
  history: Record<string, string[]>;
  /** The year filter per book (SEARCH_ALL_YEARS when none is chosen). */
  years: Record<string, number>;
  /** The group tags per book, as search/tags answered them. */
  tags: Record<string, SearchTag[]>;
  remember: (userId: string, keyword: string) => void;
  clearHistory: (userId: string) => void;
  setYear: (bookId: string, year: number) => void;
  setTags: (bookId: string, tags: SearchTag[]) => void;
}

/** The history with a keyword put first: once (the same text again moves up), at most SEARCH_HISTORY_MAX. */
export function withKeyword(list: readonly string[], keyword: string): string[] {
  const k = keyword.trim();
  if (!k) return [...list];
  return [k, ...list.filter((x) => x !== k)].slice(0, SEARCH_HISTORY_MAX);
}

const NO_HISTORY: readonly string[] = [];

export const useSearchStore = create<SearchState>()(
  persist(
    (set) => ({
      history: {},
      years: {},
      tags: {},
      remember: (userId, keyword) => set((s) => ({ history: { ...s.history, [userId]: withKeyword(s.history[userId] ?? [], keyword) } })),
      clearHistory: (userId) =>
        set((s) => {
          const { [userId]: _gone, ...rest } = s.history;
          return { history: rest };
        }),
      setYear: (bookId, year) => set((s) => ({ years: { ...s.years, [bookId]: year } })),
      setTags: (bookId, tags) => set((s) => ({ tags: { ...s.tags, [bookId]: tags } })),
    }),
    {
      name: STORAGE_KEYS.search,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ history: s.history }),
    },
  ),
);

export const selectHistory =
  (userId: string) =>
  (s: SearchState): readonly string[] =>
    s.history[userId] ?? NO_HISTORY;
export const selectYear =
  (bookId: string) =>
  (s: SearchState): number =>
    s.years[bookId] ?? SEARCH_ALL_YEARS;

/** Tags are asked for again only when a book has none cached (or none at all), or when forced (SPEC 3). */
export function needsTags(cached: readonly SearchTag[] | undefined, force = false): boolean {
  return force || !cached?.length;
}
