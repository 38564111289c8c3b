import { AUTH_PATHS, type LoginResponse } from '@cab/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../api/client.ts';
import { showToast } from '../app/toast.ts';
import { i18n } from '../i18n/index.ts';
import '../i18n/host.ts';
import { track } from '../lib/tracking.ts';
import { useBookStore } from '../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../stores/user.ts';
import { hostCall, hostEnv, hostHello } from './bridge.ts';
import { HOST_USER_KEEP_MS, keep, keptOr, readKept } from './cache.ts';
import type { HostId, TopBarStyle } from './protocol.ts';
import { installSignatures } from './signature.ts';
import { applyTopBar, cancelTopBar, showStatusBar } from './top-bar.ts';

/** Each partner's bar: A's is its brand blue with light text, B's is white. */
const STYLE: Record<HostId, TopBarStyle> = { a: 'dark', b: 'light' };
/** Which host user the stored sign-in is for: another host user on the same phone signs in afresh. */
const SIGNED_IN_FOR_MS = 30 * 24 * 3_600_000;

/**
 * Automatic sign-in (SPEC 1): the host's SDK hands a short-lived code, CAB's server checks
 * it with that partner's key and answers CAB's tokens. Skipped while the stored sign-in
 * is for the same host user; a failure leaves the phone sign-in open to the user.
 */
async function signInThroughHost(host: HostId): Promise<void> {
  const user = await keptOr(`user.${host}`, () => hostCall('user.info', {}), HOST_USER_KEEP_MS);
  if (selectLoggedIn(useUserStore.getState()) && readKept<string>(`signedIn.${host}`) === user.uid) return;
  const { code } = await hostCall('user.code', {});
  const res = await request<LoginResponse>(AUTH_PATHS.login, {
    method: 'POST',
    data: { type: 'host', host, code },
    showError: false,
    loading: false,
  });
  const { refresh_token, ...signedIn } = res.data;
  useUserStore.getState().signIn(signedIn, refresh_token);
  keep(`signedIn.${host}`, user.uid, SIGNED_IN_FOR_MS);
}

/** The book last open in this host, when the webview forgot it (its storage may be wiped); told again as it changes. */
async function followBook(qc: QueryClient): Promise<void> {
  if (!useBookStore.getState().bookId) {
    const info = await hostCall('book.info', {}).catch(() => ({ book_id: undefined }));
    if (info.book_id && /^[1-9][0-9]{0,18}$/.test(info.book_id)) {
      const { openBook } = await import('../features/books/mutations.ts');
      // A book the user is no longer in is refused by the server: nothing is opened.
      await openBook(qc, info.book_id).catch(() => undefined);
    }
  }
  useBookStore.subscribe((s, prev) => {
    if (s.bookId && s.bookId !== prev.bookId) void hostCall('book.remember', { book_id: s.bookId }).catch(() => undefined);
  });
}

/**
 * Inside a host (the address names one and its handshake answered): the host's style,
 * its status bar, the automatic sign-in, and its memory of the book. Resolves once the
 * user is signed in (or that failed), before the first page asks for data.
 */
export async function startHost(qc: QueryClient): Promise<void> {
  installSignatures();
  const host = await hostEnv();
  if (host === 'browser') return;
  const root = document.documentElement;
  root.dataset.host = host;
  const hello = await hostHello();
  showStatusBar(hello?.status_bar_height);
  // The host's bar goes as the page's own bar takes its place; it comes back when the page goes.
  void applyTopBar(STYLE[host], hello?.status_bar_height);
  window.addEventListener('pagehide', () => void cancelTopBar());
  try {
    await signInThroughHost(host);
    track('login.host');
  } catch (err) {
    console.warn('host sign-in failed', err);
    track('login.host_failed');
    showToast(i18n.t('host.signInFailed'));
  }
  if (selectLoggedIn(useUserStore.getState())) await followBook(qc);
}
