import { CONTENT_PATHS, type ContentsPage, type HomeTag, type Operation } from '@cab/contracts/client';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * Home's info flow, its first page: the three calls (tags, contents, operator cards) and
 * their keys. A small module of their own, part of the first load: home's route asks for
 * them beside the book list, before any chunk has arrived, and the operator card's text
 * is home's largest paint (docs/performance.md, issue 26). The rest of the content area's
 * calls are in api.ts, which shares these.
 *
 * What the server answers depends on the caller (`collected`, chosen tags), so the keys
 * carry the user ('anon' logged out), as the market's do.
 */
export const contentKeys = {
  all: ['content'] as const,
  user: (uid: string) => [...contentKeys.all, uid] as const,
  flow: (uid: string, tag: string) => [...contentKeys.user(uid), 'flow', tag] as const,
  one: (uid: string, id: string) => [...contentKeys.user(uid), 'one', id] as const,
  tags: (uid: string) => [...contentKeys.user(uid), 'tags'] as const,
  search: (uid: string, key: string) => [...contentKeys.user(uid), 'search', key] as const,
  popup: (uid: string, code: string) => [...contentKeys.user(uid), 'popup', code] as const,
  guide: (uid: string, classification: string) => [...contentKeys.user(uid), 'guide', classification] as const,
  /** The same cards for everyone. */
  operations: () => [...contentKeys.all, 'operations'] as const,
};

export const uidOf = (loggedIn: boolean, userid: string | undefined) => (loggedIn && userid ? userid : 'anon');

/** The caller as the keys name them, outside React (prefetching before the page draws). */
export function contentUid(): string {
  const s = useUserStore.getState();
  return uidOf(selectLoggedIn(s), s.user?.userid);
}

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a
// loading toast. Content is not about a book: its calls send an empty Trading-Entity (SPEC 7).
export const QUIET = { loading: false, showError: false, tradingEntity: '' } as const;
export const contentGet = <T>(url: string, data?: Record<string, unknown>) =>
  request<{ data: T }>(url, { ...QUIET, method: 'GET', data }).then((r) => r.data);
export const contentPost = <T>(url: string, data: Record<string, unknown>) =>
  request<{ data: T }>(url, { ...QUIET, data }).then((r) => r.data);

export const FLOW_PAGE_SIZE = 10;
/** The info flow's filter when no tag is chosen: everything published. */
export const ALL_TAGS = '';

export const infoFlowQueries = {
  /** Published contents, the latest first, a page at a time; one tag or all of them. */
  flow: (uid: string, tag: string) =>
    infiniteQueryOptions({
      queryKey: contentKeys.flow(uid, tag),
      initialPageParam: 1,
      queryFn: ({ pageParam }) =>
        request<ContentsPage>(CONTENT_PATHS.contents, {
          ...QUIET,
          data: { ...(tag ? { tag_code: tag } : {}), page: pageParam, page_size: FLOW_PAGE_SIZE },
        }),
      getNextPageParam: (last) => (last.paging.has_more ? last.paging.page + 1 : undefined),
    }),
  tags: (uid: string) => queryOptions({ queryKey: contentKeys.tags(uid), queryFn: () => contentGet<HomeTag[]>(CONTENT_PATHS.homeTags) }),
  /** The info flow's operation cards change when an operator publishes: kept a few minutes. */
  operations: () =>
    queryOptions({
      queryKey: contentKeys.operations(),
      staleTime: 5 * 60_000,
      queryFn: () => contentPost<Operation[]>(CONTENT_PATHS.infoFlowOperation, {}),
    }),
};

/**
 * The info flow's first page, asked for beside the book list instead of after it (and
 * before home's own code has run; its code follows home's: app/pages.ts). It is still
 * drawn after the books.
 */
export function prefetchInfoFlow(qc: QueryClient): void {
  const uid = contentUid();
  void qc.prefetchQuery(infoFlowQueries.tags(uid));
  void qc.prefetchInfiniteQuery(infoFlowQueries.flow(uid, ALL_TAGS));
  void qc.prefetchQuery(infoFlowQueries.operations());
}
