import { Suspense, lazy, useEffect, useState } from 'react';
import type * as MineMarket from './MineMarket.tsx';
import { FiguresSlot } from './figures-slot.tsx';

/**
 * The content area on mine, a first-load page: the market figures and the banana-shell
 * guide in a chunk of their own, fetched once mine is drawn, their data beside the
 * page's own call (features/content/prefetch.ts; docs/performance.md).
 */
let loaded: typeof MineMarket | undefined;
const loadMineMarket = () =>
  import('./MineMarket.tsx').then((m) => {
    loaded = m;
    return m;
  });
const MineFiguresImpl = lazy(() => loadMineMarket().then((m) => ({ default: m.MineFigures })));
const ObtainXbGuideImpl = lazy(() => loadMineMarket().then((m) => ({ default: m.ObtainXbGuide })));

// Code that has arrived is drawn directly (behind a fallback React would hold it back up to
// 300 ms, and the guide's text is mine's largest paint); which way is chosen once, when mounted.

/** Mine starts the chunk's code once it is drawn, while the user's info is on the way (signed in). */
export function usePrefetchMineMarket(loggedIn: boolean): void {
  useEffect(() => {
    if (loggedIn) void loadMineMarket().catch(() => undefined);
  }, [loggedIn]);
}

/** The market figures on mine's favourites entry (logged in). */
export function MineFigures() {
  const [m] = useState(() => loaded);
  if (m) return <m.MineFigures />;
  return (
    <Suspense fallback={<FiguresSlot />}>
      <MineFiguresImpl />
    </Suspense>
  );
}

/** The banana-shell guide card on mine (logged in). */
export function ObtainXbGuide() {
  const [m] = useState(() => loaded);
  if (m) return <m.ObtainXbGuide />;
  return (
    <Suspense fallback={null}>
      <ObtainXbGuideImpl />
    </Suspense>
  );
}
