import { useEffect } from 'react';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { useUnreadStore } from './unread-store.ts';

/**
 * The unread total for the badges (tab bar, mine page). The live stream keeps it current
 * (`{type:'messages'}` events go to `useUnreadStore`), the read and delete answers set it,
 * and one summary call when a badge appears (its code loads afterwards, out of the first
 * load) gives it before any event has come.
 */
export function useUnreadCount(): number {
  const loggedIn = useUserStore(selectLoggedIn);
  const uid = useUserStore((s) => s.user?.userid);
  const unread = useUnreadStore((s) => s.unread);
  useEffect(() => {
    if (loggedIn && uid) void import('./unread-fetch.ts').then((m) => m.fetchUnread(uid)).catch(() => undefined);
  }, [loggedIn, uid]);
  return loggedIn ? (unread ?? 0) : 0;
}

/** What a badge shows: nothing at 0, the number up to 99, then "99+". */
export const badgeText = (n: number): string | undefined => (n <= 0 ? undefined : n > 99 ? '99+' : String(n));
