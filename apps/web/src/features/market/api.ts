import {
  BOOK_PATHS,
  CONTENT_PATHS,
  MARKET_PATHS,
  MARKET_SEARCH_TYPES,
  bookPath,
  type CollectedTemplate,
  type FavouriteContent,
  type MarketSearchResult,
  type TemplateDetail,
  type TemplateReview,
  type TemplateReviewsPage,
  type TemplateSummary,
} from '@cab/contracts/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * The market's queries. What the server answers depends on the caller (`collected`,
 * a review's `mine`), so every key carries the user ('anon' logged out): logging in or
 * out never shows one person's hearts to another.
 */
export const marketKeys = {
  all: ['market'] as const,
  user: (uid: string) => [...marketKeys.all, uid] as const,
  list: (uid: string, code: string) => [...marketKeys.user(uid), 'list', code] as const,
  template: (uid: string, id: string) => [...marketKeys.user(uid), 'template', id] as const,
  collected: (uid: string) => [...marketKeys.user(uid), 'collected'] as const,
  reviews: (uid: string, id: string) => [...marketKeys.user(uid), 'reviews', id] as const,
  search: (uid: string, key: string) => [...marketKeys.user(uid), 'search', key] as const,
  favouriteContents: (uid: string) => [...marketKeys.user(uid), 'favourite-contents'] as const,
};

/** The caller as the keys name them. */
export function useMarketUser(): { uid: string; loggedIn: boolean } {
  const loggedIn = useUserStore(selectLoggedIn);
  const userid = useUserStore((s) => s.user?.userid);
  return { uid: loggedIn && userid ? userid : 'anon', loggedIn };
}

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a
// loading toast. The market is not about a book: its calls send an empty Trading-Entity (SPEC 7).
const QUIET = { method: 'GET', loading: false, showError: false, tradingEntity: '' } as const;
const get = <T>(url: string, data?: Record<string, unknown>) => request<{ data: T }>(url, { ...QUIET, data }).then((r) => r.data);

export const REVIEWS_PAGE_SIZE = 20;
export const CONTENTS_PAGE_SIZE = 20;
type ReviewCursor = { lastCommentTime: number; lastId: string } | undefined;

export const marketQueries = {
  /** A category's templates; a first-level code lists those of all its children. */
  list: (uid: string, code: string) =>
    queryOptions({
      queryKey: marketKeys.list(uid, code),
      queryFn: () => get<TemplateSummary[]>(bookPath(BOOK_PATHS.templatesByCategory, { category_code: code })),
    }),
  /** The trees come named in the caller's language, so each language keeps its own answer. */
  template: (uid: string, id: string, language: string) =>
    queryOptions({
      queryKey: [...marketKeys.template(uid, id), language],
      queryFn: () => get<TemplateDetail>(bookPath(BOOK_PATHS.template, { id })),
    }),
  collected: (uid: string) =>
    queryOptions({ queryKey: marketKeys.collected(uid), queryFn: () => get<CollectedTemplate[]>(MARKET_PATHS.collectedTemplates) }),
  /** The latest first; the next page starts after the last one seen (its time, and its id for ties). */
  reviews: (uid: string, templateId: string) =>
    infiniteQueryOptions({
      queryKey: marketKeys.reviews(uid, templateId),
      initialPageParam: undefined as ReviewCursor,
      queryFn: ({ pageParam }) =>
        request<TemplateReviewsPage>(MARKET_PATHS.templateReviews, {
          ...QUIET,
          data: { templateId, pageSize: REVIEWS_PAGE_SIZE, ...(pageParam ?? {}) },
        }),
      getNextPageParam: (last): ReviewCursor =>
        last.paging.has_more && last.paging.last_comment_time !== null && last.paging.last_id !== null
          ? { lastCommentTime: last.paging.last_comment_time, lastId: last.paging.last_id }
          : undefined,
    }),
  search: (uid: string, key: string) =>
    queryOptions({
      queryKey: marketKeys.search(uid, key),
      queryFn: () => get<MarketSearchResult>(CONTENT_PATHS.marketSearch, { key_word: key, type: MARKET_SEARCH_TYPES.templates }),
    }),
  favouriteContents: (uid: string) =>
    infiniteQueryOptions({
      queryKey: marketKeys.favouriteContents(uid),
      initialPageParam: 1,
      queryFn: ({ pageParam }) =>
        request<{ data: FavouriteContent[]; paging: { has_more: boolean; page: number } }>(CONTENT_PATHS.favouriteContents, {
          ...QUIET,
          data: { page: pageParam, page_size: CONTENTS_PAGE_SIZE },
        }),
      getNextPageParam: (last) => (last.paging.has_more ? last.paging.page + 1 : undefined),
    }),
};

/** The server's answer for a template that does not exist (or a bad id). */
export const isTemplateGone = (err: unknown): boolean => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** Sets a template's heart wherever the caller's market answers hold it (lists, search, a template). */
function patchCollected(qc: QueryClient, uid: string, id: string, collected: boolean): void {
  const patch = <T extends TemplateSummary>(t: T): T => (t.id === id ? { ...t, collected } : t);
  qc.setQueriesData<TemplateSummary[]>({ queryKey: [...marketKeys.user(uid), 'list'] }, (old) => old?.map(patch));
  qc.setQueriesData<MarketSearchResult>({ queryKey: [...marketKeys.user(uid), 'search'] }, (old) =>
    old ? { ...old, templates: old.templates.map(patch) } : old,
  );
  qc.setQueryData<TemplateDetail>(marketKeys.template(uid, id), (old) => (old ? patch(old) : old));
}

/**
 * Keeps or lets go a template. The heart turns at once and turns back if the server
 * refuses (the wrapper says why); the favourites list is fetched again afterwards.
 * Logged out, callers ask the user to log in instead of calling (SPEC 5).
 */
export function useCollectTemplate() {
  const qc = useQueryClient();
  const { uid } = useMarketUser();
  return useMutation({
    mutationFn: (v: { id: string; collected: boolean }) =>
      request<{ data: { template_id: string; collected: boolean } }>(
        bookPath(MARKET_PATHS.templateCollect, { id: v.id, x: v.collected ? '1' : '0' }),
        { method: 'POST', loading: false, tradingEntity: '' },
      ).then((r) => r.data),
    onMutate: (v) => patchCollected(qc, uid, v.id, v.collected),
    onError: (_e, v) => patchCollected(qc, uid, v.id, !v.collected),
    onSuccess: (r) => patchCollected(qc, uid, r.template_id, r.collected),
    onSettled: () => void qc.invalidateQueries({ queryKey: marketKeys.collected(uid) }),
  });
}

/** Puts the caller's review first in the loaded pages (posting again edits it and brings it to the top). */
function putFirst(old: InfiniteData<TemplateReviewsPage> | undefined, review: TemplateReview) {
  if (!old) return old;
  const pages = old.pages.map((p, i) => {
    const rest = p.data.filter((r) => r.id !== review.id);
    return { ...p, data: i === 0 ? [review, ...rest] : rest };
  });
  return { ...old, pages };
}

/** Posts (or edits) the caller's review of a template; a refusal (too often: 1040) is toasted by the wrapper. */
export function usePostReview(templateId: string) {
  const qc = useQueryClient();
  const { uid } = useMarketUser();
  return useMutation({
    mutationFn: (content: string) =>
      request<{ data: TemplateReview }>(MARKET_PATHS.templateReview, {
        method: 'POST',
        data: { template_id: templateId, content },
        tradingEntity: '',
      }).then((r) => r.data),
    onSuccess: (review) => {
      qc.setQueryData<InfiniteData<TemplateReviewsPage>>(marketKeys.reviews(uid, templateId), (old) => putFirst(old, review));
      // A first review changes the template's count, on its page and in the lists.
      void qc.invalidateQueries({ queryKey: marketKeys.template(uid, templateId) });
      void qc.invalidateQueries({ queryKey: [...marketKeys.user(uid), 'list'] });
    },
  });
}

/** The login page, coming back to `here` (a path with its query) afterwards, as RequireLogin does. */
export const loginPath = (here: string): string => `/accountLogin/index?redirect=${encodeURIComponent(here)}`;
