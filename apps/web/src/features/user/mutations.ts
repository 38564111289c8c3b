import { AUTH_PATHS, VERIFY_CODE_TYPE, type LoginRequest, type LoginResponse, type UserInfo } from '@cab/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/request.ts';
import { request } from '../../api/client.ts';
import i18n from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { userKeys } from './queries.ts';
import { showToast } from '../../app/toast.ts';

export function useSendCode() {
  return useMutation({
    mutationFn: (v: { phone: string; type?: 2 | 4 }) =>
      request(AUTH_PATHS.verifyCode, { data: { phone: v.phone, type: v.type ?? VERIFY_CODE_TYPE.LOGIN } }),
  });
}

/**
 * Login failure (SPEC 4 and 8): toast the server's message or the hiccup text; a
 * phone-binding login rethrows and keeps the previous login flag.
 */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginRequest) => {
      try {
        return (await request<LoginResponse>(AUTH_PATHS.login, { data: body, showError: false })).data;
      } catch (err) {
        console.error('login failed', err);
        const rethrow = useUserStore.getState().loginFailed(body.type);
        showToast(err instanceof ApiError && err.status > 0 ? err.message : i18n.t('common.serverHiccup'));
        if (rethrow) throw err;
        return undefined;
      }
    },
    onSuccess: (data) => {
      if (!data) return;
      const { refresh_token, ...user } = data;
      useUserStore.getState().signIn(user, refresh_token);
      qc.setQueryData(userKeys.info(), user);
    },
  });
}

function useUserUpdate<V>(fn: (v: V) => Promise<UserInfo | undefined>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => {
      if (user) useUserStore.getState().setUser(user);
      void qc.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export const useUpdateNickname = () =>
  useUserUpdate((nickname: string) =>
    request<{ data: UserInfo }>(AUTH_PATHS.updateUser, { method: 'PATCH', data: { nickname } }).then((r) => r.data),
  );

export const useUploadAvatar = () =>
  useUserUpdate(async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    await request(AUTH_PATHS.avatar, { method: 'POST', formData: form, loading: i18n.t('personal.uploading') });
    return undefined;
  });

export const useBindPhone = () =>
  useUserUpdate((v: { phone: string; code: string }) => request<{ data: UserInfo }>(AUTH_PATHS.bindPhone, { data: v }).then((r) => r.data));

export const useSetPassword = () =>
  useUserUpdate((password: string) => request(AUTH_PATHS.setPassword, { method: 'PUT', data: { password } }).then(() => undefined));

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request(AUTH_PATHS.logout, { method: 'POST', showError: false }).catch(() => undefined),
    // Signed out locally whatever the server said: the user asked to leave.
    onSettled: () => {
      useUserStore.getState().clear();
      qc.removeQueries({ queryKey: userKeys.all });
    },
  });
}
