import { AUTH_PATHS, type LoginResponse } from '@cab/contracts/client';
import { request } from '../api/client.ts';
import { showToast } from '../app/toast.ts';
import { i18n } from '../i18n/index.ts';
import '../i18n/host.ts';
import { useUserStore } from '../stores/user.ts';
import type { LinkToken } from './link-token.ts';

const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const USER_NUMBER = /^[1-9][0-9]{0,18}$/;

/**
 * Trades a link's token for the page's own sign-in (POST token/exchange): the server
 * revokes the link's, so the address that carried it signs nobody in again. Refused on
 * any page but dashboard/index, and when malformed: nothing is sent then.
 */
export async function exchangeLinkToken(link: LinkToken): Promise<boolean> {
  if (!link.onDashboard) {
    showToast(i18n.t('host.queryTokenRefused'));
    return false;
  }
  if (!TOKEN.test(link.token) || (link.userNumber !== undefined && !USER_NUMBER.test(link.userNumber))) {
    showToast(i18n.t('host.queryTokenFailed'));
    return false;
  }
  try {
    const res = await request<LoginResponse>(AUTH_PATHS.exchangeToken, {
      method: 'POST',
      data: link.userNumber ? { user_number: link.userNumber } : {},
      headers: { Authorization: `Bearer ${link.token}` },
      showError: false,
      loading: false,
    });
    const { refresh_token, ...user } = res.data;
    useUserStore.getState().signIn(user, refresh_token);
    return true;
  } catch {
    showToast(i18n.t('host.queryTokenFailed'));
    return false;
  }
}
