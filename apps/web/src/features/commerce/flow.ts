import { PAY_TYPE, type PayTypeCode } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';

/**
 * A payment leaves the app for the provider's cashier (a whole-window navigation) and
 * comes back to the processing page with the recharge's order number only. What the
 * payment was for, where it started (`from`: where "done" goes back to) and what to do
 * again after a failure (`retry`) are kept in the session, under the recharge's order
 * number, until the tab is closed.
 */
export interface PaymentFlow {
  kind: 'recharge' | 'package' | 'role' | 'space';
  /** The in-app path to go back to when the payment is done (`/budget/children?categoryId=1`). */
  from: string;
  /** The in-app path that starts the same payment again. */
  retry: string;
  /** The purchasing order the recharge pays the shortfall of. */
  purchase?: string;
  bookId?: string;
  /** The in-app page a paid payment ends on in place of paysuccess (cloud space: `/cloud/pages/result?order_no=P...`). */
  result?: string;
}

const KEY = 'cab.commerce.flows';
/** The flows kept: the newest few are plenty for one tab. */
const KEEP = 10;
const WALLET = '/bookSetting/pages/bananashell';

function readAll(): Array<[string, PaymentFlow]> {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as Array<[string, PaymentFlow]>).filter((e) => Array.isArray(e) && typeof e[0] === 'string') : [];
  } catch {
    return [];
  }
}

/** An in-app path to go to: only `/...` paths of this app, never an address elsewhere. */
export const inAppPath = (path: string | null | undefined): string | undefined =>
  path && /^\/[A-Za-z]/.test(path) && !path.startsWith('//') ? path : undefined;

export function rememberFlow(orderNo: string, flow: PaymentFlow): void {
  const rest = readAll().filter(([no]) => no !== orderNo);
  try {
    sessionStorage.setItem(KEY, JSON.stringify([[orderNo, flow], ...rest].slice(0, KEEP)));
  } catch {
    // Storage full or blocked: the pages fall back to the wallet.
  }
}

/** The flow a payment started with; a recharge from the wallet when none was kept (a link opened afresh). */
export function flowOf(orderNo: string): PaymentFlow {
  const kept = readAll().find(([no]) => no === orderNo)?.[1];
  const from = inAppPath(kept?.from);
  const retry = inAppPath(kept?.retry);
  if (kept && from && retry) {
    const { result: keptResult, ...rest } = kept;
    const result = inAppPath(keptResult);
    return { ...rest, from, retry, ...(result ? { result } : {}) };
  }
  return { kind: 'recharge', from: WALLET, retry: WALLET };
}

/** Adds `key=value` to an in-app path's query. */
export function withQuery(path: string, key: string, value: string): string {
  const q = path.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : path.slice(q + 1));
  params.set(key, value);
  return `${q < 0 ? path : path.slice(0, q)}?${params.toString()}`;
}

/** An in-app path without `key` in its query. */
export function withoutQuery(path: string, key: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  params.delete(key);
  const rest = params.toString();
  return rest ? `${path.slice(0, q)}?${rest}` : path.slice(0, q);
}

/** The current in-app path (`/budget/index?bookId=1`), where a flow starts. */
export const currentPath = (): string => window.location.hash.slice(1) || '/pages/home/index';

/** Leaves for the provider's cashier: the whole window goes, in the app's language. */
export const cashier = {
  go(url: string): void {
    const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
    window.location.assign(url.includes('?') ? `${url}&lang=${lang}` : `${url}?lang=${lang}`);
  },
};

/** SPEC 9's pay type of this client: 4 Huawei (Android), 2 iOS inside the host app; 7 otherwise (the web). */
export function payTypeOf(userAgent: string): PayTypeCode {
  if (!/\bCAB\/\d/.test(userAgent)) return PAY_TYPE.WEB;
  if (/iPhone|iPad/.test(userAgent)) return PAY_TYPE.IOS;
  if (/Android/.test(userAgent) && /HUAWEI|HarmonyOS|HONOR/i.test(userAgent)) return PAY_TYPE.HUAWEI;
  return PAY_TYPE.WEB;
}

/** The pay type this device asks channels for. */
export const devicePayType = (): PayTypeCode => payTypeOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
