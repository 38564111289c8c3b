import { AUTH_PATHS, type LiveEvent } from '@cab/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { request, signedCallHeaders } from '../../api/client.ts';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { connectLive } from './connection.ts';
import { useUnreadStore } from '../messages/unread-store.ts';

/**
 * What an event does to the app: a book's change refetches the queries showing that
 * book (every query key holding its id: the flow, the dashboard, statistics, members,
 * budgets); an unread count goes to the badge store.
 */
export function applyLiveEvent(qc: QueryClient, event: LiveEvent): void {
  if (event.type === 'messages') return useUnreadStore.getState().setUnread(event.unread);
  if (event.type === 'book') void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(event.bookId) });
}

/** After a reconnection: the unread total read again, the watched book's queries refetched. */
export function catchUp(qc: QueryClient, uid: string, bookId: string): void {
  if (uid) void import('../messages/unread-fetch.ts').then((m) => m.fetchUnread(uid)).catch(() => undefined);
  if (bookId) void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(bookId) });
}

/**
 * Keeps one live stream open while the user is logged in, watching the current book;
 * started lazily after the first screen (main.tsx), so it is not in the first load.
 */
export function startLive(qc: QueryClient): () => void {
  let stop: (() => void) | undefined;
  let key = '';
  const sync = () => {
    const user = useUserStore.getState();
    const next = selectLoggedIn(user) ? `${user.user?.userid ?? ''} ${effectiveBookId(useBookStore.getState().bookId)}` : '';
    if (next === key) return;
    key = next;
    stop?.();
    stop = undefined;
    if (!next) return useUnreadStore.getState().reset();
    stop = connectLive(
      {
        fetch: (...a) => window.fetch(...a),
        headers: (url) => signedCallHeaders('GET', url),
        onEvent: (e) => applyLiveEvent(qc, e),
        // Back after a gap: what was said meanwhile is not replayed, so the badge and the book are read again.
        onOpen: (again) => again && catchUp(qc, user.user?.userid ?? '', next.split(' ')[1] ?? ''),
        // Any call refreshes an expired token (api/request.ts); the stream then retries with the new one.
        onUnauthorized: () => request(AUTH_PATHS.userInfo, { method: 'GET', loading: false, showError: false }).then(() => undefined),
      },
      next.split(' ')[1] ?? '',
    );
  };
  const offUser = useUserStore.subscribe(sync);
  const offBook = useBookStore.subscribe(sync);
  sync();
  return () => {
    offUser();
    offBook();
    stop?.();
  };
}
