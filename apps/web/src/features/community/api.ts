import {
  FORUM_COMMENTS_PAGE_DEFAULT,
  FORUM_PATHS,
  FORUM_THREADS_PAGE_DEFAULT,
  bookPath,
  type Comment,
  type CommentsPage,
  type ForumAction,
  type ForumScene,
  type ForumTab,
  type PostThreadRequest,
  type Thread,
  type ThreadsPage,
} from '@cab/contracts/client';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * The book's community (docs/community.md). What the server answers depends on the
 * caller (`mine`, `can_edit`, ...) and on the book (Trading-Entity), so every key
 * carries both: a live `{type: 'book', what: 'community'}` event refetches every query
 * whose key holds the book id (features/live/start.ts).
 */
export const communityKeys = {
  all: ['community'] as const,
  book: (uid: string, bookId: string) => [...communityKeys.all, uid, bookId] as const,
  threads: (uid: string, bookId: string, tab: ForumTab) => [...communityKeys.book(uid, bookId), 'threads', tab] as const,
  thread: (uid: string, bookId: string, scene: ForumScene, tid: string) =>
    [...communityKeys.book(uid, bookId), 'thread', scene, tid] as const,
  comments: (uid: string, bookId: string, tid: string, pid: string) => [...communityKeys.book(uid, bookId), 'comments', tid, pid] as const,
};

/** The community's book (its `bookId` parameter, else the current book) and the caller. */
export function useCommunityBook(): { bookId: string; bookParam: string; uid: string; loggedIn: boolean; params: URLSearchParams } {
  const [params] = useSearchParams();
  const current = effectiveBookId(useBookStore((s) => s.bookId));
  const loggedIn = useUserStore(selectLoggedIn);
  const uid = useUserStore((s) => s.user?.userid) ?? '';
  const bookParam = params.get('bookId') ?? '';
  return { bookId: bookParam || current, bookParam, uid: loggedIn ? uid : 'anon', loggedIn, params };
}

// A query's screen shows its own failure: the wrapper neither toasts it nor shows a loading toast.
const quiet = (bookId: string) => ({ method: 'GET', loading: false, showError: false, tradingEntity: bookId }) as const;

export const communityQueries = {
  /** A tab's threads, a page at a time with the server's cursor. */
  threads: (uid: string, bookId: string, tab: ForumTab) =>
    infiniteQueryOptions({
      queryKey: communityKeys.threads(uid, bookId, tab),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        request<ThreadsPage>(FORUM_PATHS.threads, {
          ...quiet(bookId),
          data: { tab, page_size: FORUM_THREADS_PAGE_DEFAULT, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      getNextPageParam: (last) => (last.paging.has_more && last.paging.cursor ? last.paging.cursor : undefined),
    }),
  thread: (uid: string, bookId: string, scene: ForumScene, tid: string) =>
    queryOptions({
      queryKey: communityKeys.thread(uid, bookId, scene, tid),
      queryFn: () => request<{ data: Thread }>(bookPath(FORUM_PATHS.threadDetail, { scene, tid }), quiet(bookId)).then((r) => r.data),
    }),
  /** A thread's comments (pid '0') or the answers to comment pid, oldest first, 20 at a time (SPEC 9). */
  comments: (uid: string, bookId: string, tid: string, pid: string) =>
    infiniteQueryOptions({
      queryKey: communityKeys.comments(uid, bookId, tid, pid),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        request<CommentsPage>(FORUM_PATHS.comments, {
          ...quiet(bookId),
          data: { tid, pid, page_size: FORUM_COMMENTS_PAGE_DEFAULT, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      getNextPageParam: (last) => (last.paging.has_more && last.paging.cursor ? last.paging.cursor : undefined),
    }),
};

/** A thread that is not there (deleted, unknown, another book's). */
export const isThreadGone = (err: unknown): boolean => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** Every community answer of this book is fetched again (lists, threads, comments). */
function useRefreshBook() {
  const qc = useQueryClient();
  const { uid, bookId } = useCommunityBook();
  return { qc, uid, bookId, refresh: () => qc.invalidateQueries({ queryKey: communityKeys.book(uid, bookId) }) };
}

/** Failed writes are toasted by the wrapper with the server's message (a 429 included). */
const write = (bookId: string) => ({ loading: false, tradingEntity: bookId }) as const;

export function usePostThread() {
  const { qc, uid, bookId, refresh } = useRefreshBook();
  return useMutation({
    mutationFn: (body: PostThreadRequest) =>
      request<{ data: Thread }>(FORUM_PATHS.thread, { ...write(bookId), method: 'POST', data: body }).then((r) => r.data),
    onSuccess: (thread) => {
      qc.setQueryData(communityKeys.thread(uid, bookId, 'book', thread.tid), thread);
      void refresh();
    },
  });
}

export function useEditThread(tid: string) {
  const { qc, uid, bookId, refresh } = useRefreshBook();
  return useMutation({
    mutationFn: (body: PostThreadRequest) =>
      request<{ data: Thread }>(bookPath(FORUM_PATHS.threadById, { tid }), { ...write(bookId), method: 'PUT', data: body }).then(
        (r) => r.data,
      ),
    onSuccess: (thread) => {
      qc.setQueryData(communityKeys.thread(uid, bookId, 'book', thread.tid), thread);
      void refresh();
    },
  });
}

export function useDeleteThread() {
  const { qc, uid, bookId } = useRefreshBook();
  return useMutation({
    mutationFn: (tid: string) => request<undefined>(bookPath(FORUM_PATHS.threadById, { tid }), { ...write(bookId), method: 'DELETE' }),
    onSuccess: (_r, tid) => {
      // The thread and its comments are gone: only the lists are asked for again (the
      // page leaves the thread at once; asking for it again would only answer 404).
      void qc.invalidateQueries({ queryKey: [...communityKeys.book(uid, bookId), 'threads'] });
      void qc.invalidateQueries({ queryKey: communityKeys.thread(uid, bookId, 'book', tid), refetchType: 'none' });
    },
  });
}

/** Pins a thread as the book's notice, or unpins it (managers: can_pin). */
export function useOperateThread() {
  const { qc, uid, bookId, refresh } = useRefreshBook();
  return useMutation({
    mutationFn: (v: { tid: string; action: ForumAction }) =>
      request<unknown>(FORUM_PATHS.operate, {
        ...write(bookId),
        method: 'PUT',
        data: { tid: v.tid, action: v.action, operates: 'notice' },
      }),
    onSuccess: (_r, v) => {
      qc.setQueryData<Thread>(communityKeys.thread(uid, bookId, 'book', v.tid), (old) =>
        old ? { ...old, pinned: v.action === 'pin' } : old,
      );
      void refresh();
    },
  });
}

/** Comments on a thread, or (pid) answers a comment; the new one shows at the end of what is loaded. */
export function useReply(tid: string) {
  const { qc, uid, bookId, refresh } = useRefreshBook();
  return useMutation({
    mutationFn: (v: { message: string; pid: string }) =>
      request<{ data: Comment }>(FORUM_PATHS.reply, {
        ...write(bookId),
        method: 'POST',
        data: { tid, message: v.message, pid: v.pid },
      }).then((r) => r.data),
    onSuccess: (c) => {
      qc.setQueryData<InfiniteData<CommentsPage>>(communityKeys.comments(uid, bookId, tid, c.parent_pid), (old) => {
        if (!old || old.pages.length === 0) return old;
        const pages = [...old.pages];
        const last = pages[pages.length - 1]!;
        // Only when the last page is loaded is the new comment where it belongs.
        if (!last.paging.has_more && !last.data.some((x) => x.pid === c.pid))
          pages[pages.length - 1] = { ...last, data: [...last.data, c] };
        return { ...old, pages };
      });
      void refresh();
    },
  });
}

/** The community's paths, carrying the page's `bookId` parameter when it has one. */
export function communityPath(path: 'list' | 'detail' | 'post', bookParam: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ ...(bookParam ? { bookId: bookParam } : {}), ...extra }).toString();
  return `/community/${path}${q ? `?${q}` : ''}`;
}
