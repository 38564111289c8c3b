import {
  CONTENT_PATHS,
  MARKET_SEARCH_TYPES,
  bookPath,
  type ContentDetail,
  type ContentSummary,
  type ContentsPage,
  type HomeTag,
  type MarketSearchResult,
  type Operation,
} from '@cab/contracts/client';
import { queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { marketKeys } from '../market/api.ts';
import { contentGet as get, contentKeys, contentPost as post, infoFlowQueries, uidOf } from './info-flow-queries.ts';
import { mineInfoKeys } from './mine-info.ts';

export { ALL_TAGS, FLOW_PAGE_SIZE, contentKeys, contentUid } from './info-flow-queries.ts';

/** The caller as the keys name them. */
export function useContentUser(): { uid: string; loggedIn: boolean } {
  const loggedIn = useUserStore(selectLoggedIn);
  const userid = useUserStore((s) => s.user?.userid);
  return { uid: uidOf(loggedIn, userid), loggedIn };
}

/**
 * The content area's queries: the home tags and info flow (info-flow-queries.ts), an
 * article or video, the operations (cards, popups, guides) and the market search of the
 * global search page.
 */
export const contentQueries = {
  flow: infoFlowQueries.flow,
  one: (uid: string, id: string) =>
    queryOptions({ queryKey: contentKeys.one(uid, id), queryFn: () => get<ContentDetail>(bookPath(CONTENT_PATHS.content, { id })) }),
  tags: infoFlowQueries.tags,
  operations: infoFlowQueries.operations,
  /** The global search's market half: templates and contents (type 3). */
  search: (uid: string, key: string) =>
    queryOptions({
      queryKey: contentKeys.search(uid, key),
      queryFn: () => get<MarketSearchResult>(CONTENT_PATHS.configMarketSearch, { key_word: key, type: MARKET_SEARCH_TYPES.all }),
    }),
  /**
   * Popups and guides are answered once per user: the server marks them shown as it
   * answers. Kept for the whole session (staleTime and gcTime Infinity), so going back
   * to the page neither asks again nor loses one that was not dismissed yet.
   */
  popup: (uid: string, code: string) =>
    queryOptions({
      queryKey: contentKeys.popup(uid, code),
      staleTime: Infinity,
      gcTime: Infinity,
      queryFn: () => post<Operation[]>(CONTENT_PATHS.operationPopup, { body: { popupCodeList: [code] } }),
    }),
  guide: (uid: string, classification: string) =>
    queryOptions({
      queryKey: contentKeys.guide(uid, classification),
      staleTime: Infinity,
      gcTime: Infinity,
      queryFn: () => post<Operation[]>(CONTENT_PATHS.operationGuide, { head: {}, body: { classification } }),
    }),
};

/** The server's answer for a content that does not exist (404 code 1065), or a bad id (400). */
export const isContentGone = (err: unknown): boolean => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** Sets a content's heart and count wherever the caller's answers hold it (the flow, search, the content). */
function patchCollected(qc: QueryClient, uid: string, id: string, collected: boolean, count?: number): void {
  const patch = <T extends ContentSummary>(c: T): T =>
    c.id === id ? { ...c, collected, collect_count: count ?? Math.max(0, c.collect_count + (collected ? 1 : -1)) } : c;
  qc.setQueriesData<InfiniteData<ContentsPage>>({ queryKey: [...contentKeys.user(uid), 'flow'] }, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map(patch) })) } : old,
  );
  qc.setQueriesData<MarketSearchResult>({ queryKey: [...contentKeys.user(uid), 'search'] }, (old) =>
    old ? { ...old, contents: old.contents.map(patch) } : old,
  );
  qc.setQueryData<ContentDetail>(contentKeys.one(uid, id), (old) => (old && old.collected !== collected ? patch(old) : old));
}

/**
 * Keeps (collects) or lets go an article or video. The heart turns at once and turns
 * back if the server refuses (the wrapper toasts why); the server's count then stands.
 * Logged out, callers ask the user to log in instead of calling (SPEC 5).
 */
export function useCollectContent() {
  const qc = useQueryClient();
  const { uid } = useContentUser();
  return useMutation({
    mutationFn: (v: { id: string; collected: boolean }) =>
      request<{ data: { content_id: string; collected: boolean; collect_count: number } }>(
        bookPath(CONTENT_PATHS.contentCollect, { contentId: v.id, status: v.collected ? '1' : '0' }),
        { method: 'POST', loading: false, tradingEntity: '' },
      ).then((r) => r.data),
    onMutate: (v) => patchCollected(qc, uid, v.id, v.collected),
    onError: (_e, v) => patchCollected(qc, uid, v.id, !v.collected),
    onSuccess: (r) => {
      patchCollected(qc, uid, r.content_id, r.collected, r.collect_count);
      // The count itself, beside the heart, is the server's.
      qc.setQueryData<ContentDetail>(contentKeys.one(uid, r.content_id), (old) => (old ? { ...old, collect_count: r.collect_count } : old));
    },
    // My favourites (favorite/index) and the mine page's figures follow.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: marketKeys.favouriteContents(uid) });
      void qc.invalidateQueries({ queryKey: mineInfoKeys.all });
    },
  });
}

const setSelected = (tags: HomeTag[] | undefined, code: string, selected: boolean) =>
  tags?.map((t) => (t.tagCode === code ? { ...t, is_selected: selected } : t));

/**
 * Picks or drops a home tag. Logged in, the server keeps the choice; logged out it is
 * kept on this page only (in the query cache, until a reload), over the default tags.
 */
export function useChooseTag() {
  const qc = useQueryClient();
  const { uid, loggedIn } = useContentUser();
  return useMutation({
    mutationFn: async (v: { tagCode: string; selected: boolean }): Promise<HomeTag | undefined> => {
      if (!loggedIn) return undefined;
      const r = await request<{ data: HomeTag }>(bookPath(CONTENT_PATHS.homeTag, { tagCode: v.tagCode }), {
        method: 'POST',
        loading: false,
        tradingEntity: '',
        data: { is_selected: v.selected },
      });
      return r.data;
    },
    onMutate: (v) => qc.setQueryData<HomeTag[]>(contentKeys.tags(uid), (old) => setSelected(old, v.tagCode, v.selected)),
    onError: (_e, v) => qc.setQueryData<HomeTag[]>(contentKeys.tags(uid), (old) => setSelected(old, v.tagCode, !v.selected)),
    onSuccess: (tag) => {
      if (tag) qc.setQueryData<HomeTag[]>(contentKeys.tags(uid), (old) => setSelected(old, tag.tagCode, tag.is_selected));
    },
  });
}
