/**
 * The protocol between CAB's page and a partner host app (docs/host.md, "The bridge").
 * This file is the whole contract a host's developers implement: the messages, the
 * calls with their arguments and answers, and the error codes. Types and constants
 * only: the page's side is bridge.ts, the test host's (outside production) is served
 * by the server at /dev/host/a and /dev/host/b.
 */

import type { HostId } from '../lib/host-env.ts';

/** The partner hosts (SPEC 1); `browser` is everything else (lib/host-env.ts). */
export type { HostEnv, HostId } from '../lib/host-env.ts';
export { HOST_QUERY } from '../lib/host-env.ts';
export const HOST_IDS: readonly HostId[] = ['a', 'b'];

/** The protocol's version; a host answers `hello` with the one it speaks. */
export const BRIDGE_VERSION = 1;

/** A native host injects this object; the page sends it JSON strings. */
export const NATIVE_BRIDGE = 'cabHostBridge';
/** A native host answers by calling this function of the page with the answer (object or JSON string). */
export const NATIVE_RECEIVE = 'cabHostReceive';

/** SPEC 9: condition polling every 100 ms up to 20 tries (waiting for the injected bridge). */
export const POLL_INTERVAL_MS = 100;
export const POLL_TRIES = 20;
/** How long a host has to answer `hello` once reached. */
export const HELLO_TIMEOUT_MS = 1500;
/** A call's time-out: one the user answers (a sheet, a picker) waits longer. */
export const CALL_TIMEOUT_MS = 5000;
export const USER_CALL_TIMEOUT_MS = 120_000;

/** SPEC 9: the status bar's height when the host does not say, and SPEC 7's 44 as hosts usually do. */
export const STATUS_BAR_DEFAULT = 44;
export const STATUS_BAR_FALLBACK = 20;

/** The SDK signature the page fetches from CAB (GET host/sdk-signature) and hands the host to check. */
export interface SdkSignature {
  host: HostId;
  timestamp: number;
  nonce_str: string;
  signature: string;
  url: string;
}

/** A place, as a host's picker or the browser's Geolocation gives it. */
export interface HostPlace {
  name: string;
  address?: string;
  latitude: number;
  longitude: number;
}

export type TopBarStyle = 'light' | 'dark';

/** Every call: its arguments and its answer. */
export interface HostCalls {
  /** The handshake: the host says who it is. Needs no signature. */
  hello: {
    args: { version: number; url: string };
    result: { host: HostId; version: number; status_bar_height?: number; platform?: string; app_version?: string };
  };
  /** The page hands the host CAB's signature of its address; every call below needs one that held. */
  'signature.verify': { args: SdkSignature; result: { verified: true } };
  /** A short-lived sign-in code signed by the host's SDK (POST login {type: 'host'}). */
  'user.code': { args: Record<string, never>; result: { code: string } };
  /** The host's user, shown before CAB's own user info arrives; kept an hour (SPEC 9). */
  'user.info': { args: Record<string, never>; result: { uid: string; nickname: string; avatar?: string } };
  /** The phone the host knows, after the user agreed in the host's own prompt. */
  'phone.info': { args: Record<string, never>; result: { phone: string } };
  /** The CAB book the user was last in inside this host (its webview may forget): `book_id` absent when none. */
  'book.info': { args: Record<string, never>; result: { book_id?: string } };
  /** Tells the host the CAB book now open, for `book.info` next time. */
  'book.remember': { args: { book_id: string }; result: Record<string, never> };
  /** The host's share sheet. */
  'share.open': {
    args: { title: string; text: string; url: string; image?: string };
    result: { outcome: 'shared' | 'cancelled' };
  };
  /** The host's location picker. */
  'location.choose': { args: Record<string, never>; result: HostPlace | { cancelled: true } };
  /** The host's map at a place. */
  'location.open': { args: HostPlace; result: Record<string, never> };
  /** A page outside CAB (already on CAB's allow-list) in the host's own webview. */
  'page.open': { args: { url: string; title?: string }; result: Record<string, never> };
  /** The page draws its own top bar: the host hides its bar and styles its status bar. */
  'topBar.apply': { args: { style: TopBarStyle }; result: { status_bar_height?: number } };
  /** The host's own bar comes back. */
  'topBar.cancel': { args: Record<string, never>; result: Record<string, never> };
}
export type HostCall = keyof HostCalls;
export type HostArgs<C extends HostCall> = HostCalls[C]['args'];
export type HostResult<C extends HostCall> = HostCalls[C]['result'];

/** The calls that need no signature first. */
export const UNSIGNED_CALLS: readonly HostCall[] = ['hello', 'signature.verify'];
/** The calls the user answers: they wait USER_CALL_TIMEOUT_MS. */
export const USER_CALLS: readonly HostCall[] = ['share.open', 'location.choose', 'page.open', 'phone.info'];

/** The error codes a host answers with. */
export type HostErrorCode =
  /** No signature has held yet for this page. */
  | 'SIGNATURE_REQUIRED'
  /** The signature does not hold (forged, expired, another page). */
  | 'SIGNATURE_INVALID'
  /** The user said no (the phone prompt). */
  | 'DENIED'
  | 'UNKNOWN_CALL'
  | 'FAILED';

/** Page to host. */
export interface BridgeRequest<C extends HostCall = HostCall> {
  cab_bridge: typeof BRIDGE_VERSION;
  id: number;
  call: C;
  args: HostArgs<C>;
}
/** Host to page: the answer to request `id`. */
export type BridgeAnswer =
  | { cab_bridge: typeof BRIDGE_VERSION; id: number; ok: true; data: unknown }
  | { cab_bridge: typeof BRIDGE_VERSION; id: number; ok: false; error: { code: HostErrorCode; message?: string } };
