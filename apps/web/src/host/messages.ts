import { i18n, type TKey } from '../i18n/index.ts';
import '../i18n/host.ts';
import { HostError } from './bridge.ts';
import type { HostCall } from './protocol.ts';

/** The calls whose data only a host can pass on: pages and places ('failed to transfer data'). */
const TRANSFERS: readonly HostCall[] = ['page.open', 'location.choose', 'location.open'];

/** SPEC 8's host-only message for a failed host call. */
export function hostErrorKey(err: HostError): TKey {
  if (err.kind === 'notInHost') {
    if (err.call === 'signature.verify') return 'host.notHostEnv';
    if (err.call === 'share.open') return 'host.notInHostShare';
    return TRANSFERS.includes(err.call) ? 'host.notInHostTransfer' : 'host.notInHostInfo';
  }
  if (err.call === 'user.info' || err.call === 'user.code') return 'host.userInfoFailed';
  if (err.call === 'phone.info') return 'host.phoneInfoFailed';
  if (err.call === 'book.info') return 'host.bookInfoFailed';
  return 'host.infoFailed';
}

/** The message a user reads for any failure of a host call (a HostError, or anything else as 'failed to get info'). */
export function hostErrorMessage(err: unknown): string {
  return i18n.t(err instanceof HostError ? hostErrorKey(err) : 'host.infoFailed');
}
