import type { TokenPair, UserInfo } from '@cab/contracts/client';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isLoggedIn, loginFailureOutcome, type LoginType } from '../lib/session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export interface UserState {
  user: UserInfo | null;
  refreshToken: string;
  /** The login flag; it only counts together with userid and account (see loggedIn()). */
  login: boolean;
  signIn: (user: UserInfo, refreshToken: string) => void;
  setUser: (user: UserInfo) => void;
  setTokens: (pair: TokenPair) => void;
  /** Resets user info, token and the login flag. */
  clear: () => void;
  /** Applies SPEC 4's login-failure rule; answers whether to rethrow. */
  loginFailed: (type: LoginType) => boolean;
}

export const useUserStore = create<UserState>()(
  persist(
    (set, get) => ({
      user: null,
      refreshToken: '',
      login: false,
      signIn: (user, refreshToken) => set({ user, refreshToken, login: true }),
      setUser: (user) =>
        set((s) => ({ user: { ...user, token: s.user?.token ?? user.token, tokenType: s.user?.tokenType ?? user.tokenType } })),
      setTokens: (pair) =>
        set((s) => ({
          refreshToken: pair.refresh_token,
          user: s.user ? { ...s.user, token: pair.access_token, tokenType: 'Bearer' } : s.user,
        })),
      clear: () => set({ user: null, refreshToken: '', login: false }),
      loginFailed: (type) => {
        const outcome = loginFailureOutcome(type, get().login);
        set({ login: outcome.loggedIn });
        return outcome.rethrow;
      },
    }),
    { name: STORAGE_KEYS.user, storage: createJSONStorage(() => localStorage) },
  ),
);

export const selectLoggedIn = (s: UserState) => s.login && isLoggedIn(s.user);
