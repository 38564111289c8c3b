import {
  AUTH_PATHS,
  ErrorCode,
  MAX_TOKEN_REFRESH_RETRIES,
  REQUEST_TIMEOUT_MS,
  WEB_CLIENT_KEY,
  WEB_CLIENT_SECRET,
  type Device,
  type TokenPair,
} from '@cab/contracts/client';
import { signHeaders } from './sign.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Query for GET and DELETE, JSON body otherwise. */
  data?: Record<string, unknown> | unknown[] | undefined;
  /** A DELETE whose data goes as a JSON body instead of the query (deleting transactions by ids). */
  asBody?: boolean;
  /** A multipart upload instead of JSON. */
  formData?: FormData;
  /** Upload progress from 0 to 1 (a multipart upload; sent through deps.upload). */
  onUploadProgress?: (fraction: number) => void;
  /** 'blob': the answer's bytes (private images), not JSON; 'response': the answer itself, unread (a download, read with its progress). */
  responseType?: 'json' | 'blob' | 'response';
  /** false: no toast on failure. */
  showError?: boolean;
  /** Dialog mode: the close-book code (0x0225) is left to the dialog, not toasted. */
  dialog?: boolean;
  /** false: no loading toast; a string: its text. */
  loading?: boolean | string;
  /** Overrides the current book for Trading-Entity ('' sends it empty). */
  tradingEntity?: string;
  /**
   * Sends `Content-Type: application/json` even without a body (a GET): SPEC 7's
   * market-info call is made this way (no loading indicator, JSON content type, empty
   * Trading-Entity); see features/content/mine-info.ts.
   */
  jsonContentType?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long a read waits before it is sent again after no answer or a proxy's 502/503. */
export const READ_RESEND_MS = 250;

/** Status 0: the request never got an answer (network down or timed out). */
export const NETWORK_ERROR = -1;
export const TIMEOUT = -2;

/** What `fetch` is given, for the upload transport that reports progress. */
export interface UploadInit {
  method: string;
  headers: Record<string, string>;
  body: FormData;
  signal: AbortSignal;
}

export interface RequestDeps {
  fetch: typeof fetch;
  /** Sends a multipart body reporting its progress (XMLHttpRequest in the browser); fetch cannot. */
  upload?: (url: string, init: UploadInit, onProgress: (fraction: number) => void) => Promise<Response>;
  now: () => number;
  device: () => Device;
  tokens: () => { tokenType: string; token: string; refreshToken: string } | undefined;
  setTokens: (pair: TokenPair) => void;
  clearSession: () => void;
  bookId: () => string;
  clockGap: () => number;
  setClockGap: (gap: number) => void;
  toast: (text: string) => void;
  loading: (text: string) => () => void;
  currentHash: () => string;
  navigate: (hash: string) => void;
  t: (key: 'noNetwork' | 'sessionAbnormal' | 'loading') => string;
  log: { warn: (...a: unknown[]) => void };
  /** A call in this book was refused as "book not found" (the caller left or was removed, or the book is gone). */
  bookRefused?: (bookId: string) => void;
}

export const OFFLINE_PAGE = '#/private/pages/off-line';

/**
 * The headers every call carries (WIRE.md): Device, Trading-Entity, the signature over
 * the path with its query and the body, and the bearer token. The live-update stream
 * (features/live) is signed with the same.
 */
export async function callHeaders(
  deps: Pick<RequestDeps, 'device' | 'bookId' | 'tokens' | 'now' | 'clockGap'>,
  method: Method,
  pathWithQuery: string,
  body: string,
  tradingEntity?: string,
): Promise<Record<string, string>> {
  const session = deps.tokens();
  return {
    Device: JSON.stringify(deps.device()),
    'Trading-Entity': tradingEntity ?? deps.bookId(),
    ...(await signHeaders({
      clientKey: WEB_CLIENT_KEY,
      secret: WEB_CLIENT_SECRET,
      method,
      pathWithQuery,
      body,
      timestamp: deps.now() + deps.clockGap(),
    })),
    ...(session ? { Authorization: `${session.tokenType} ${session.token}` } : {}),
  };
}

/** Calls begun whose headers are still being signed: crypto.subtle answers in a later task. */
let signing = 0;
let whenSent: Array<() => void> = [];

/**
 * Resolves once every call begun so far has been handed to the network. At start-up the
 * opened page's code is asked for after its data (app/start.ts): on HTTP/1.1, six
 * requests at a time, the data would otherwise queue behind a dozen small files.
 */
export function untilSent(): Promise<void> {
  return signing === 0 ? Promise.resolve() : new Promise((resolve) => whenSent.push(resolve));
}

/** Counts a call as begun; the function returned counts it as handed to the network (once). */
function beginCall(): () => void {
  signing += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    signing -= 1;
    if (signing > 0) return;
    // Called right after fetch() (or on a failure before it): whoever waits runs after the call has gone out.
    const waiting = whenSent;
    whenSent = [];
    for (const resolve of waiting) resolve();
  };
}

/** The one request wrapper: every rule of SPEC sections 7, 8 and 9 lives here. */
export function createRequest(deps: RequestDeps) {
  let refreshing: Promise<boolean> | undefined;

  function buildUrl(url: string, method: Method, data: RequestOptions['data'], asBody?: boolean): string {
    if ((method !== 'GET' && method !== 'DELETE') || !data || Array.isArray(data) || (method === 'DELETE' && asBody)) return url;
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) q.append(k, Array.isArray(v) ? v.join(',') : String(v));
    const qs = q.toString();
    return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
  }

  async function send(url: string, o: RequestOptions): Promise<Response> {
    const handedOver = beginCall();
    try {
      const method = o.method ?? 'POST';
      const full = buildUrl(url, method, o.data, o.asBody);
      const hasJsonBody =
        !o.formData &&
        o.data !== undefined &&
        ((method !== 'GET' && method !== 'DELETE') || Array.isArray(o.data) || (method === 'DELETE' && o.asBody === true));
      const body = hasJsonBody ? JSON.stringify(o.data) : '';
      const headers: Record<string, string> = {
        ...(await callHeaders(deps, method, full, body, o.tradingEntity)),
        ...(hasJsonBody || (o.jsonContentType && !o.formData) ? { 'Content-Type': 'application/json' } : {}),
        ...o.headers,
      };
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), o.timeoutMs ?? REQUEST_TIMEOUT_MS);
      try {
        const sent =
          o.formData && o.onUploadProgress && deps.upload
            ? deps.upload(full, { method, headers, body: o.formData, signal: ctrl.signal }, o.onUploadProgress)
            : deps.fetch(full, { method, headers, body: o.formData ?? (hasJsonBody ? body : undefined), signal: ctrl.signal });
        handedOver();
        return await sent;
      } finally {
        clearTimeout(timer);
      }
    } finally {
      handedOver();
    }
  }

  async function refreshServerTime(): Promise<void> {
    try {
      const res = await deps.fetch(AUTH_PATHS.serverInfo, { method: 'GET' });
      const body = (await res.json()) as { current_time_stamp?: number };
      if (typeof body.current_time_stamp === 'number') deps.setClockGap(body.current_time_stamp - deps.now());
    } catch (err) {
      deps.log.warn('server info failed', err); // silent on failure (SPEC 7)
    }
  }

  /** One refresh for all the requests that hit 401 at the same moment. */
  function refreshToken(): Promise<boolean> {
    refreshing ??= (async () => {
      const session = deps.tokens();
      if (!session?.refreshToken) return false;
      try {
        const res = await send(AUTH_PATHS.refresh, { method: 'POST', data: { refresh_token: session.refreshToken } });
        if (!res.ok) return false;
        deps.setTokens(((await res.json()) as { data: TokenPair }).data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => (refreshing = undefined));
    return refreshing;
  }

  function fail(err: ApiError, o: RequestOptions): never {
    if (o.showError !== false && !(err.code === ErrorCode.BOOK_CLOSED && o.dialog)) deps.toast(err.message || deps.t('noNetwork'));
    throw err;
  }

  function sessionLost(): never {
    deps.clearSession();
    deps.toast(deps.t('sessionAbnormal'));
    throw new ApiError(401, ErrorCode.UNAUTHORIZED, deps.t('sessionAbnormal'));
  }

  /**
   * A read that got no answer, or a proxy's 502/503, is sent once more, signed anew: the
   * instance behind the proxy may have died or be stopping with it (docs/scale.md). A
   * read changes nothing, so sending it twice is safe; a save goes again only through its
   * Idempotency-Key, by the screen that made it.
   */
  const resendable = (o: RequestOptions, resent: boolean) => !resent && o.method === 'GET';
  const pause = () => new Promise((r) => setTimeout(r, READ_RESEND_MS));

  async function attempt<T>(url: string, o: RequestOptions, clockRetried: boolean, refreshes: number, resent = false): Promise<T> {
    let res: Response;
    try {
      res = await send(url, o);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        deps.log.warn('request timed out', url); // time-outs are logged silently (SPEC 8)
        throw new ApiError(0, TIMEOUT, 'timeout');
      }
      if (resendable(o, resent)) {
        await pause();
        return attempt<T>(url, o, clockRetried, refreshes, true);
      }
      return fail(new ApiError(0, NETWORK_ERROR, deps.t('noNetwork')), o);
    }
    if ((res.status === 502 || res.status === 503) && resendable(o, resent)) {
      await pause();
      return attempt<T>(url, o, clockRetried, refreshes, true);
    }
    if (res.ok) {
      if (o.responseType === 'response') return res as T;
      if (o.responseType === 'blob') return (await res.blob()) as T;
      return (res.status === 204 ? undefined : await res.json().catch(() => undefined)) as T;
    }

    const body = (await res.json().catch(() => ({}))) as { code?: number; message?: string; msg?: string };
    const code = typeof body.code === 'number' ? body.code : res.status;
    if (res.status === 400 && code === ErrorCode.CLOCK_SKEW && !clockRetried) {
      await refreshServerTime();
      return attempt<T>(url, o, true, refreshes, resent);
    }
    // A login, or a link's token being traded, answers 401 for its own credentials: not this session's.
    if (res.status === 401 && url !== AUTH_PATHS.login && url !== AUTH_PATHS.exchangeToken) {
      if (refreshes >= MAX_TOKEN_REFRESH_RETRIES || !(await refreshToken())) return sessionLost();
      return attempt<T>(url, o, clockRetried, refreshes + 1, resent);
    }
    const err = new ApiError(res.status, code, body.message || body.msg || deps.t('noNetwork'));
    const book = o.tradingEntity ?? deps.bookId();
    if (res.status === 404 && code === ErrorCode.BOOK_NOT_FOUND && book) deps.bookRefused?.(book);
    if (code === ErrorCode.BOOK_OFFLINE) {
      // The page names the book whose server is silent, for its retry; it is not opened again while shown.
      if (!deps.currentHash().startsWith(OFFLINE_PAGE))
        deps.navigate(book ? `${OFFLINE_PAGE}?bookId=${encodeURIComponent(book)}` : OFFLINE_PAGE);
      throw err;
    }
    return fail(err, o);
  }

  return async function request<T = unknown>(url: string, o: RequestOptions = {}): Promise<T> {
    const close = o.loading === false ? undefined : deps.loading(typeof o.loading === 'string' ? o.loading : deps.t('loading'));
    try {
      return await attempt<T>(url, o, false, 0);
    } finally {
      close?.();
    }
  };
}

export type Request = ReturnType<typeof createRequest>;
