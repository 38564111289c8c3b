import { cleanup, configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// Test files share a worker (isolate: false, see vitest.config.ts): each starts from fresh
// modules of ours (so its own mocks take effect), real timers, an empty page and empty
// storage; libraries such as React and antd-mobile stay loaded.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
document.body.innerHTML = '';
document.body.className = '';
localStorage.clear();
sessionStorage.clear();

// A lazy page's first render waits for its chunk's transform, which takes over the default
// 1 s of findBy/waitFor when npm test runs the server suite beside these (two cores):
// a page that never appears still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks matchMedia, which antd-mobile reads at import time.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// This file's instance of the idle queue (the modules are this file's own after the reset).
const { cancelIdleWork } = await import('./lib/idle.ts');
// The areas' texts register when their pages load; component tests render parts of those pages.
await import('./i18n/flow.ts');
await import('./i18n/flow-search.ts');
await import('./i18n/invitations.ts');
await import('./i18n/members.ts');
await import('./i18n/budgets.ts');
await import('./i18n/record.ts');
await import('./i18n/accounting.ts');
// antd-mobile's imperative toasts and dialogs need React 19's createRoot, as in the app (toast-impl.ts, confirm.tsx).
await import('./app/react19-compat.ts');

// At the end of a file, what is still rendered is unmounted and React's last scheduled work
// runs while the document exists; prefetching not begun yet is dropped, so that it does not
// load this file's modules while the next file sets up its own.
afterAll(async () => {
  cleanup();
  cancelIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
