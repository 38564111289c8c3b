import { WEB_APP_VERSION, type Device } from '@cab/contracts/client';
import { showLoading, showToast } from '../app/toast.ts';
import i18n from '../i18n/index.ts';
import { effectiveBookId, useBookStore } from '../stores/book.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { STORAGE_KEYS } from '../stores/storage-keys.ts';
import { useUserStore } from '../stores/user.ts';
import { createRequest } from './request.ts';
import { randomString } from './sign.ts';
import { ToastQueue } from './toast-queue.ts';

function deviceId(): string {
  let id = localStorage.getItem(STORAGE_KEYS.device);
  if (!id) {
    id = randomString(24);
    localStorage.setItem(STORAGE_KEYS.device, id);
  }
  return id;
}

function device(): Device {
  const ua = navigator.userAgent;
  return {
    model: /iPhone|iPad|Android/.exec(ua)?.[0] ?? 'browser',
    platform: /iPhone|iPad/.test(ua) ? 'ios' : /Android/.test(ua) ? 'android' : 'web',
    os_version: navigator.platform,
    device_id: deviceId(),
    product_name: 'cab-web',
    product_version: WEB_APP_VERSION,
    locale: useSettingsStore.getState().language,
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

export const toastQueue = new ToastQueue({
  show: showToast,
  isVisible: () => document.visibilityState === 'visible',
});
document.addEventListener('visibilitychange', () => toastQueue.resume());

/** The app's one request function, wired to the stores and to antd-mobile toasts. */
export const request = createRequest({
  fetch: (...a) => window.fetch(...a),
  now: () => Date.now(),
  device,
  tokens: () => {
    const s = useUserStore.getState();
    return s.user?.token ? { tokenType: s.user.tokenType || 'Bearer', token: s.user.token, refreshToken: s.refreshToken } : undefined;
  },
  setTokens: (pair) => useUserStore.getState().setTokens(pair),
  clearSession: () => useUserStore.getState().clear(),
  bookId: () => effectiveBookId(useBookStore.getState().bookId),
  clockGap: () => useSettingsStore.getState().clockGap,
  setClockGap: (gap) => useSettingsStore.getState().setClockGap(gap),
  toast: (text) => toastQueue.push(text),
  // Shown only when a call takes a noticeable time, so quick calls do not flash it.
  loading: (content) => showLoading(content, 300),
  currentHash: () => window.location.hash,
  navigate: (hash) => {
    window.location.hash = hash;
  },
  t: (key) => i18n.t(`common.${key}`),
  log: { warn: (...a) => console.warn(...a) },
});
