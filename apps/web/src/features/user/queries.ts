import { AUTH_PATHS, type UserInfo } from '@cab/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/** Query keys of the user domain, in one place so mutations invalidate the right ones. */
export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
};

export function fetchUserInfo(): Promise<UserInfo> {
  // Shown by the page that asked (failed to load), not toasted.
  return request<{ data: UserInfo }>(AUTH_PATHS.userInfo, { method: 'GET', loading: false, showError: false }).then((r) => r.data);
}

/** The signed-in user, refreshed from the server and kept in the user store. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: userKeys.info(),
    queryFn: async () => {
      const info = await fetchUserInfo();
      useUserStore.getState().setUser(info);
      return info;
    },
  });

export function useUserInfo() {
  const loggedIn = useUserStore(selectLoggedIn);
  return useQuery({ ...userInfoQuery(), enabled: loggedIn });
}
