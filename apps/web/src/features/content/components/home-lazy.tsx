import { Skeleton } from 'antd-mobile';
import { Suspense, lazy } from 'react';

/**
 * The content area on home, a first-load page: each piece is its own chunk, fetched when
 * it is first drawn, so home's first load does not carry the info flow, its cards, the
 * popup or their texts (docs/performance.md). Mine has its own (mine-lazy.tsx): each
 * page's first load then names only the chunks it may fetch.
 */
const InfoFlowImpl = lazy(() => import('./InfoFlow.tsx'));
const HomeWelcomeImpl = lazy(() => import('./HomeWelcome.tsx'));

/** The home info flow; a skeleton in its shape while its code comes. */
export function InfoFlow() {
  return (
    <Suspense
      fallback={
        <div className="padded" data-testid="info-flow-loading">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      }
    >
      <InfoFlowImpl />
    </Suspense>
  );
}

/** Home's operation popup (logged in). */
export function HomeWelcome() {
  return (
    <Suspense fallback={null}>
      <HomeWelcomeImpl />
    </Suspense>
  );
}
