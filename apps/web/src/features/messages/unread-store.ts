import { create } from 'zustand';

/**
 * The user's unread messages as last heard (the badges read it): from the live-update
 * stream's events, a summary call, or a read or delete answer; undefined until one says.
 */
export interface UnreadState {
  unread: number | undefined;
  setUnread: (unread: number) => void;
  reset: () => void;
}

export const useUnreadStore = create<UnreadState>()((set) => ({
  unread: undefined,
  setUnread: (unread) => set({ unread: Math.max(0, unread) }),
  reset: () => set({ unread: undefined }),
}));
