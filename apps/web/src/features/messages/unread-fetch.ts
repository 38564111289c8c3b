import { MESSAGE_PATHS, type UserMessageSummary } from '@cab/contracts/client';
import { request } from '../../api/client.ts';
import { useUserStore } from '../../stores/user.ts';
import { useUnreadStore } from './unread-store.ts';

let inFlight: { uid: string; done: Promise<void> } | undefined;

/** Reads the caller's unread total into the badge store; badges appearing together share one call. */
export function fetchUnread(uid: string): Promise<void> {
  if (inFlight?.uid === uid) return inFlight.done;
  const done = request<{ data: UserMessageSummary }>(MESSAGE_PATHS.userSummary, {
    method: 'GET',
    loading: false,
    showError: false,
    tradingEntity: '',
  })
    .then((r) => {
      // Someone else by now (logged out, or in as another user): the answer is not theirs.
      if (useUserStore.getState().user?.userid === uid) useUnreadStore.getState().setUnread(r.data.unread);
    })
    .finally(() => {
      if (inFlight?.done === done) inFlight = undefined;
    });
  inFlight = { uid, done };
  return done;
}
