import { Suspense, lazy } from 'react';

/**
 * The content area on mine, a first-load page: the market figures and the banana-shell
 * guide in a chunk of their own, fetched when first drawn (docs/performance.md).
 */
const MineFiguresImpl = lazy(() => import('./MineMarket.tsx').then((m) => ({ default: m.MineFigures })));
const ObtainXbGuideImpl = lazy(() => import('./MineMarket.tsx').then((m) => ({ default: m.ObtainXbGuide })));

/** The market figures on mine's favourites entry (logged in). */
export function MineFigures() {
  return (
    <Suspense fallback={null}>
      <MineFiguresImpl />
    </Suspense>
  );
}

/** The banana-shell guide card on mine (logged in). */
export function ObtainXbGuide() {
  return (
    <Suspense fallback={null}>
      <ObtainXbGuideImpl />
    </Suspense>
  );
}
