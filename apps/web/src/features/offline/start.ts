import type { QueryClient } from '@tanstack/react-query';
import { persistQueries, restoreQueries } from './persist.ts';

import { startOutbox } from './send.ts';

/**
 * Offline recording's background part, started once the first screen is drawn: the
 * outbox is sent (now, when the network returns, every 30 s while writes wait), the
 * recording screen's lists are kept for an offline start, and the service worker that
 * keeps the app's files for offline starts is registered (docs/offline.md).
 */
export function startOffline(qc: QueryClient): void {
  // Started offline: the lists kept on the phone fill the screen's waiting (paused) queries, and it draws.
  if (!navigator.onLine) restoreQueries(qc);
  startOutbox(qc);
  persistQueries(qc);
  registerServiceWorker();
}

/** Production builds only (a dev server's files change under it), on https or localhost (the browser's rule). */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('service worker', err));
}
