import { useEffect } from 'react';
import { chunk, useChunk } from '../../../lib/chunk.ts';
import { FiguresSlot } from './figures-slot.tsx';

/**
 * The content area on mine, a first-load page: the market figures and the banana-shell
 * guide in a chunk of their own, fetched once mine is drawn, their data beside the
 * page's own call (features/content/prefetch.ts; docs/performance.md). Each is drawn the
 * moment the chunk has arrived (lib/chunk.ts: the guide's text is mine's largest paint). If
 * it cannot be fetched, the line stays blank and the guide away: the menu works without them.
 */
const mineMarket = chunk(() => import('./MineMarket.tsx'));

/** Mine starts the chunk's code once it is drawn, while the user's info is on the way (signed in). */
export function usePrefetchMineMarket(loggedIn: boolean): void {
  useEffect(() => {
    if (loggedIn) void mineMarket.load().catch(() => undefined);
  }, [loggedIn]);
}

/** The market figures on mine's favourites entry (logged in); a blank line of their height until they come. */
export function MineFigures() {
  const { module } = useChunk(mineMarket);
  return module ? <module.MineFigures /> : <FiguresSlot />;
}

/** The banana-shell guide card on mine (logged in). */
export function ObtainXbGuide() {
  const { module } = useChunk(mineMarket);
  return module ? <module.ObtainXbGuide /> : null;
}
