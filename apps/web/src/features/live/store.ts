import { create } from 'zustand';

/** What the live-update stream last said of the user's unread messages (badges read it); undefined until it says. */
export interface LiveState {
  unread: number | undefined;
  setUnread: (unread: number) => void;
  reset: () => void;
}

export const useLiveStore = create<LiveState>()((set) => ({
  unread: undefined,
  setUnread: (unread) => set({ unread: Math.max(0, unread) }),
  reset: () => set({ unread: undefined }),
}));
