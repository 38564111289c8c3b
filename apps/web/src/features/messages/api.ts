import {
  MESSAGE_PATHS,
  bookPath,
  type BookMessageSummary,
  type MessageChange,
  type MessageItem,
  type MessagesPage,
} from '@cab/contracts/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { useUnreadStore } from './unread-store.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * The message center's query keys. Every answer is the caller's own, so every key carries
 * the user: logging out and in as someone else never shows the first one's messages.
 */
export const messageKeys = {
  all: ['messages'] as const,
  user: (uid: string) => [...messageKeys.all, uid] as const,
};

/** The caller as the keys name them ('anon' logged out). */
export function useMessageUser(): { uid: string; loggedIn: boolean } {
  const loggedIn = useUserStore(selectLoggedIn);
  const userid = useUserStore((s) => s.user?.userid);
  return { uid: loggedIn && userid ? userid : 'anon', loggedIn };
}

/** A page of a book's messages (SPEC 4: pages are appended; the last item of all is flagged lastOne). */
export const MESSAGES_PAGE_SIZE = 20;

const keys = {
  books: (uid: string) => [...messageKeys.user(uid), 'books'] as const,
  list: (uid: string, bookId: string) => [...messageKeys.user(uid), 'list', bookId] as const,
  one: (uid: string, msgId: string) => [...messageKeys.user(uid), 'one', msgId] as const,
};
export const messageListKey = keys.list;

// Queries show their own failure in the page; the message center is not about the current
// book (a book is named by account_book_id), so the calls send an empty Trading-Entity.
const QUIET = { method: 'GET', loading: false, showError: false, tradingEntity: '' } as const;

export const messageQueries = {
  /** Per book: its unread count and latest message; one row (book_id null) for messages about the caller alone. */
  books: (uid: string) =>
    queryOptions({
      queryKey: keys.books(uid),
      queryFn: () => request<{ data: BookMessageSummary[] }>(MESSAGE_PATHS.bookSummary, QUIET).then((r) => r.data),
    }),
  /** One book's messages, newest first, a page at a time (keyset on msg_id). '' lists them all. */
  list: (uid: string, bookId: string) =>
    infiniteQueryOptions({
      queryKey: keys.list(uid, bookId),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        request<MessagesPage>(MESSAGE_PATHS.messages, {
          ...QUIET,
          data: {
            ...(bookId ? { account_book_id: bookId } : {}),
            page_size: MESSAGES_PAGE_SIZE,
            ...(pageParam ? { last_id: pageParam } : {}),
          },
        }),
      getNextPageParam: (last) => (last.paging.has_more && last.paging.last_id ? last.paging.last_id : undefined),
    }),
  /**
   * One message. There is no call for a single message: the list keyed below it
   * (`last_id` = its id + 1) starts with it when it is the caller's. What the lists hold
   * shows at once meanwhile.
   */
  one: (uid: string, msgId: string, qc: QueryClient) =>
    queryOptions({
      queryKey: keys.one(uid, msgId),
      queryFn: async (): Promise<MessageItem | null> => {
        const r = await request<MessagesPage>(MESSAGE_PATHS.messages, {
          ...QUIET,
          data: { page_size: 1, last_id: (BigInt(msgId) + 1n).toString() },
        });
        const m = r.data[0];
        return m && m.msg_id === msgId ? m : null;
      },
      initialData: () => cachedMessage(qc, uid, msgId),
      initialDataUpdatedAt: 0,
    }),
};

/** A message as the loaded lists hold it. */
function cachedMessage(qc: QueryClient, uid: string, msgId: string): MessageItem | undefined {
  for (const [, data] of qc.getQueriesData<InfiniteData<MessagesPage>>({ queryKey: [...messageKeys.user(uid), 'list'] })) {
    const hit = data?.pages.flatMap((p) => p.data).find((m) => m.msg_id === msgId);
    if (hit) return hit;
  }
  return undefined;
}

/** A message id as the server takes it (a positive integer). */
export const isMessageId = (v: string | null): v is string => !!v && /^[1-9][0-9]{0,18}$/.test(v);

/** What a read or delete answered: the badge takes the unread total; what shows messages is fetched again. */
function changed(qc: QueryClient, uid: string, change: MessageChange): void {
  useUnreadStore.getState().setUnread(change.unread);
  // A message fetched before the change (one just opened) is fetched again too.
  void qc.invalidateQueries({ queryKey: messageKeys.user(uid) });
}

/** Takes deleted messages out of the loaded lists once the server has deleted them (the refetch confirms it). */
function dropFromLists(qc: QueryClient, uid: string, match: (m: MessageItem) => boolean): void {
  qc.setQueriesData<InfiniteData<MessagesPage>>({ queryKey: [...messageKeys.user(uid), 'list'] }, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.filter((m) => !match(m)) })) } : old,
  );
}

/** '0' names the messages about the caller alone, as the server takes it. */
const inBook = (bookId: string) => (m: MessageItem) => (m.book_id ?? '0') === bookId;

/** Marks messages read at once in the loaded lists (the answer's refetch confirms it). */
function markRead(qc: QueryClient, uid: string, match: (m: MessageItem) => boolean): void {
  qc.setQueriesData<InfiniteData<MessagesPage>>({ queryKey: [...messageKeys.user(uid), 'list'] }, (old) =>
    old
      ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((m) => (match(m) ? { ...m, msg_state: 'read' as const } : m)) })) }
      : old,
  );
  qc.setQueriesData<MessageItem | null>({ queryKey: [...messageKeys.user(uid), 'one'] }, (old) =>
    old && match(old) ? { ...old, msg_state: 'read' } : old,
  );
}

type Action =
  | { kind: 'readAll' }
  | { kind: 'readBook'; bookId: string }
  | { kind: 'deleteBook'; bookId: string }
  | { kind: 'readOne'; msgId: string }
  | { kind: 'deleteOne'; msgId: string };

function call(a: Action): Promise<MessageChange> {
  const patch = (url: string, data?: Record<string, unknown>) =>
    request<{ data: MessageChange }>(url, { method: 'PATCH', loading: false, tradingEntity: '', ...(data ? { data } : {}) }).then(
      (r) => r.data,
    );
  switch (a.kind) {
    case 'readAll':
      return patch(MESSAGE_PATHS.readAll);
    case 'readBook':
      return patch(MESSAGE_PATHS.readBook, { account_book_id: a.bookId });
    case 'deleteBook':
      return patch(MESSAGE_PATHS.deleteBook, { account_book_id: a.bookId });
    case 'readOne':
      return patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: a.msgId }));
    case 'deleteOne':
      return patch(bookPath(MESSAGE_PATHS.deleteOne, { msg_id: a.msgId }));
  }
}

/**
 * Every read and delete of the message center, one hook: a refusal is toasted by the
 * request wrapper; the answer's unread total goes to the badge at once.
 */
export function useMessageAction() {
  const qc = useQueryClient();
  const { uid } = useMessageUser();
  return useMutation({
    mutationFn: call,
    onMutate: (a) => {
      if (a.kind === 'readOne') markRead(qc, uid, (m) => m.msg_id === a.msgId);
      if (a.kind === 'readBook') markRead(qc, uid, inBook(a.bookId));
      if (a.kind === 'readAll') markRead(qc, uid, () => true);
    },
    onSuccess: (change, a) => {
      if (a.kind === 'deleteOne') dropFromLists(qc, uid, (m) => m.msg_id === a.msgId);
      if (a.kind === 'deleteBook') dropFromLists(qc, uid, inBook(a.bookId));
      changed(qc, uid, change);
    },
  });
}

/** A screen showing messages fetches them again when the unread total moves (a new message arrived live). */
export function useRefetchOnUnread(): void {
  const qc = useQueryClient();
  const { uid } = useMessageUser();
  useEffect(
    () =>
      useUnreadStore.subscribe((s, prev) => {
        if (s.unread !== prev.unread && s.unread !== undefined && prev.unread !== undefined)
          void qc.invalidateQueries({
            queryKey: messageKeys.user(uid),
            predicate: (q) => q.queryKey[2] === 'books' || q.queryKey[2] === 'list',
          });
      }),
    [qc, uid],
  );
}

/** The server's answer for a message that is not the caller's (or does not exist). */
export const isMessageGone = (err: unknown): boolean => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** The report page for a target (a message, or a community thread or comment). */
export const reportPath = (targetType: 'message' | 'thread' | 'comment', targetId: string): string =>
  `/messageCenter/toReport?target_type=${targetType}&target_id=${encodeURIComponent(targetId)}`;

/** The message center's questions load when first asked, keeping the dialog's code out of its pages. */
export const ask = () => import('./ask.tsx');
