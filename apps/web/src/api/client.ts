import { WEB_APP_VERSION, type Device } from '@cab/contracts/client';
import { showLoading, showToast } from '../app/toast.ts';
import i18n from '../i18n/index.ts';
import { bookRefusals, effectiveBookId, useBookStore } from '../stores/book.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { STORAGE_KEYS } from '../stores/storage-keys.ts';
import { useUserStore } from '../stores/user.ts';
import { callHeaders, createRequest, type Method, type RequestDeps, type UploadInit } from './request.ts';
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

// What does not change while the app runs is read once.
let fixed: Omit<Device, 'locale' | 'time_zone'> | undefined;
// Learning the time zone builds an Intl.DateTimeFormat, which costs some 30 ms of a
// fresh page's main thread (120 ms on a slow phone). Only creating a book uses it (the
// book's default zone), so it is learned then, and remembered for later visits; until
// then the optional field is left out.
let timeZone = localStorage.getItem(STORAGE_KEYS.timeZone) ?? undefined;

/** Reads the phone's time zone into the Device header of the calls that follow (a book's creation). */
export function learnTimeZone(): void {
  if (timeZone) return;
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  localStorage.setItem(STORAGE_KEYS.timeZone, timeZone);
}

function device(): Device {
  if (!fixed) {
    const ua = navigator.userAgent;
    fixed = {
      model: /iPhone|iPad|Android/.exec(ua)?.[0] ?? 'browser',
      platform: /iPhone|iPad/.test(ua) ? 'ios' : /Android/.test(ua) ? 'android' : 'web',
      os_version: navigator.platform,
      device_id: deviceId(),
      product_name: 'cab-web',
      product_version: WEB_APP_VERSION,
    };
  }
  return { ...fixed, locale: useSettingsStore.getState().language, ...(timeZone ? { time_zone: timeZone } : {}) };
}

/** An upload that reports its progress: XMLHttpRequest, answered as a fetch Response. */
function xhrUpload(url: string, init: UploadInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [k, v] of Object.entries(init.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.status === 204 ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' } }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}

export const toastQueue = new ToastQueue({
  show: showToast,
  isVisible: () => document.visibilityState === 'visible',
});
document.addEventListener('visibilitychange', () => toastQueue.resume());

/** What the request function is wired to: the stores and antd-mobile toasts. */
const deps: RequestDeps = {
  fetch: (...a) => window.fetch(...a),
  upload: xhrUpload,
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
  bookRefused: (bookId) => bookRefusals.tell(bookId),
};

/** The app's one request function, wired to the stores and to antd-mobile toasts. */
export const request = createRequest(deps);

/** The signed headers of a call made outside `request` (the live-update stream). */
export const signedCallHeaders = (method: Method, pathWithQuery: string) => callHeaders(deps, method, pathWithQuery, '');
