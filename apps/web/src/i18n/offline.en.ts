import type { offlineZhCN } from './offline.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** Offline recording's texts in English (docs/offline.md). */
export const offlineEn: Texts<typeof offlineZhCN> = {
  queued: 'Saved on this phone; it syncs when you are online',
  queuedDelete: 'Deleted; it syncs when you are online',
  busy: 'This record is syncing; change it in a moment',
  banner: 'Offline: records sync when you are back online',
  bannerWaiting: 'Offline: records sync when you are back online, {{count}} waiting',
  waitingOnline: '{{count}} waiting to sync, sending',
  failedCount: '{{count}} not synced, tap to see',
  waitingTitle: 'Waiting to sync',
  waiting: 'Waiting',
  sending: 'Syncing',
  failed: 'Not synced',
  kinds: { update: 'Edit', delete: 'Delete' },
  deleted: 'Delete {{count}} records',
  retry: 'Retry',
  edit: 'Edit and retry',
  discard: 'Discard',
  discardConfirm: 'Discard this record? It will not be synced.',
  retried: 'It will be synced again',
  discarded: 'Discarded',
};
