import type { UserInfo } from '@cab/contracts/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.ts';
import { selectLoggedIn, useUserStore } from './user.ts';

const user: UserInfo = {
  userid: '7',
  account: '13800138000',
  avatarUrl: '',
  nickName: '小明',
  phone: '13800138000',
  tokenType: 'Bearer',
  token: 'a1',
  has_password: false,
};

describe('the user store', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('signs in, persists under the user key, and counts as logged in', () => {
    useUserStore.getState().signIn(user, 'r1');
    expect(selectLoggedIn(useUserStore.getState())).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').state).toMatchObject({ refreshToken: 'r1', login: true });
  });

  it('is not logged in with the flag but without an account', () => {
    useUserStore.getState().signIn({ ...user, account: '' }, 'r1');
    expect(selectLoggedIn(useUserStore.getState())).toBe(false);
  });

  it('clears user info, token and the login flag', () => {
    useUserStore.getState().signIn(user, 'r1');
    useUserStore.getState().clear();
    expect(useUserStore.getState()).toMatchObject({ user: null, refreshToken: '', login: false });
  });

  it('keeps the flag on a failed phone-binding login and rethrows; other failures clear it', () => {
    useUserStore.getState().signIn(user, 'r1');
    expect(useUserStore.getState().loginFailed('relatesWxPhoneOfSui')).toBe(true);
    expect(useUserStore.getState().login).toBe(true);
    expect(useUserStore.getState().loginFailed('code')).toBe(false);
    expect(useUserStore.getState().login).toBe(false);
  });

  it('takes a refreshed token pair without losing the user', () => {
    useUserStore.getState().signIn(user, 'r1');
    useUserStore.getState().setTokens({ access_token: 'a2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 7200 });
    expect(useUserStore.getState()).toMatchObject({ refreshToken: 'r2', user: { token: 'a2', nickName: '小明' } });
  });
});
