import { BOOK_PATHS, bookPath, type Book, type TemplateSummary } from '@cab/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { offeredHere } from '../../host/template-types.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

export const bookKeys = {
  all: ['books'] as const,
  list: () => [...bookKeys.all, 'list'] as const,
  recent: () => [...bookKeys.all, 'recent'] as const,
  one: (id: string) => [...bookKeys.all, 'one', id] as const,
  covers: () => [...bookKeys.all, 'covers'] as const,
};
export const templateKeys = {
  all: ['templates'] as const,
  categories: () => [...templateKeys.all, 'categories'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
};

export interface TemplateCategory {
  category_code: string;
  name: string;
  name_en: string;
  children: Array<{ category_code: string; name: string; name_en: string }>;
}

// A query's page shows its own failure (failed to load, book gone), so the wrapper does not toast it too.
const QUIET = { method: 'GET', loading: false, showError: false } as const;
const get = <T>(url: string) => request<{ data: T }>(url, QUIET).then((r) => r.data);

/**
 * Starts loading the covers of a book list the moment the list arrives, so they
 * come in with the list instead of after it has been drawn and laid out (a cover
 * is what a book card shows largest).
 */
function withCovers(books: Book[]): Book[] {
  for (const b of books.slice(0, 12)) if (b.cover) new Image().src = b.cover;
  return books;
}

export type PreferenceConfig = { key: string; value: string };

/** The caller's book-level preferences of a book (SPEC 4), as the preference-level call answers them. */
export function bookPreferences(bookId: string): Promise<PreferenceConfig[]> {
  return request<{ data: { user: PreferenceConfig[]; book: PreferenceConfig[] } }>(BOOK_PATHS.preferenceLevel, {
    ...QUIET,
    tradingEntity: bookId,
  }).then((r) => r.data.book);
}

/** Query definitions, shared by the hooks and by the start-up prefetch (app/start.ts). */
export const bookQueries = {
  list: () =>
    queryOptions({
      queryKey: bookKeys.list(),
      queryFn: () => request<{ cloud_book_list: Book[] }>(BOOK_PATHS.cloudList, QUIET).then((r) => withCovers(r.cloud_book_list)),
    }),
  recent: () => queryOptions({ queryKey: bookKeys.recent(), queryFn: () => get<Book[]>(BOOK_PATHS.recent).then(withCovers) }),
  one: (id: string) =>
    queryOptions({ queryKey: bookKeys.one(id), queryFn: () => get<Book>(`${BOOK_PATHS.book}?id=${encodeURIComponent(id)}`) }),
};

export function useBooks() {
  const loggedIn = useUserStore(selectLoggedIn);
  return useQuery({ ...bookQueries.list(), enabled: loggedIn });
}

export function useRecentBooks() {
  const loggedIn = useUserStore(selectLoggedIn);
  return useQuery({ ...bookQueries.recent(), enabled: loggedIn });
}

export function useBook(id: string) {
  return useQuery({ ...bookQueries.one(id), enabled: Boolean(id) });
}

export function useCoverMaterials() {
  return useQuery({
    queryKey: bookKeys.covers(),
    staleTime: Infinity,
    queryFn: () => get<Array<{ id: string; name: string; url: string }>>(BOOK_PATHS.covers),
  });
}

export function useTemplateCategories() {
  return useQuery({
    queryKey: templateKeys.categories(),
    staleTime: Infinity,
    queryFn: () =>
      request<{ data: TemplateCategory[] }>(BOOK_PATHS.templateCategories, { ...QUIET, tradingEntity: '' }).then((r) => r.data),
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.list(),
    staleTime: Infinity,
    queryFn: () => request<{ data: TemplateSummary[] }>(BOOK_PATHS.templates, { ...QUIET, tradingEntity: '' }).then((r) => r.data),
    // Host-app templates (type '1') only inside a host (SPEC 9).
    select: (all) => all.filter((t) => offeredHere(t.template_type)),
  });
}

/** The server's answer for a book that does not exist, or that this user is not in (any more). */
export const isBookGone = (err: unknown): boolean => err instanceof ApiError && err.status === 404;

export const isOwned = (b: Book) => b.role_list.some((r) => r.role_name === 'owner');

/** A template's name and description in the user's language (Chinese when no English is given). */
export function templateText(t: TemplateSummary, language: string): { name: string; description: string } {
  const en = language === 'en';
  return { name: (en && t.name_en) || t.name, description: (en && t.description_en) || t.description };
}
export { bookPath };
