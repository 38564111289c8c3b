import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

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

// The areas' texts register when their pages load; component tests render parts of those pages.
await import('./i18n/flow.ts');
await import('./i18n/flow-search.ts');
await import('./i18n/invitations.ts');
await import('./i18n/members.ts');
await import('./i18n/budgets.ts');
// antd-mobile's imperative toasts and dialogs need React 19's createRoot, as in the app (main.tsx).
await import('./app/react19-compat.ts');

// At the end of a file, what is still rendered is unmounted and React's last scheduled work
// runs while the document exists: after it is torn down, that work would throw.
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
