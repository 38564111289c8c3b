import { Skeleton } from 'antd-mobile';
import { Suspense, lazy, useEffect, useState } from 'react';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { chunk, useChunk } from '../../../lib/chunk.ts';
import { whenIdle } from '../../../lib/idle.ts';

/**
 * The content area on home, a first-load page: each piece is its own chunk, fetched when
 * it is first drawn, so home's first load does not carry the info flow, its cards, the
 * popup or their texts (docs/performance.md). Mine has its own (mine-lazy.tsx): each
 * page's first load then names only the chunks it may fetch.
 */
const infoFlow = chunk(() => import('./InfoFlow.tsx'));

/**
 * Home's route has already asked for the info flow's code (features/content/prefetch.ts);
 * this import, once home is mounted, is the same request.
 */
export function usePrefetchInfoFlow(): void {
  useEffect(() => void infoFlow.load().catch(() => undefined), []);
}
const HomeWelcomeImpl = lazy(() => import('./HomeWelcome.tsx'));

/**
 * The home info flow; a skeleton in its shape while its code comes, drawn the moment it
 * has arrived (lib/chunk.ts: its text is home's largest paint).
 */
export function InfoFlow() {
  const { module, failed, retry } = useChunk(infoFlow);
  if (module) return <module.default />;
  if (failed) return <LoadFailed onRetry={retry} />;
  return (
    <div className="padded" data-testid="info-flow-loading">
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}

/**
 * Home's operation popup (logged in), once `ready` (the page drawn) and the browser has
 * then been idle a while: the last thing to arrive. The waiting is its own state, so
 * the moment it comes re-renders only this, not the whole home page (a long task there).
 */
export function HomeWelcome({ ready }: { ready: boolean }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (ready) whenIdle(() => setSettled(true));
  }, [ready]);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <HomeWelcomeImpl />
    </Suspense>
  );
}
