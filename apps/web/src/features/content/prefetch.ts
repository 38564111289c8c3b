import { DEFAULT_GUIDE_CLASSIFICATION } from '@cab/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { ALL_TAGS, contentQueries, contentUid } from './api.ts';
import { mineInfoQuery } from './mine-info.ts';

/**
 * Home's info flow, asked for beside the book list instead of after it: its first page
 * (tags, contents, operator cards) and its code. It
 * is still drawn after the books, but its text is what home's largest paint waits for, and
 * fetched one after the other these were two more round trips on a slow network.
 * (Home asks for it from its route, before its own code has run: app/pages.ts.)
 */
export function prefetchInfoFlow(qc: QueryClient): void {
  // Its code beside its data, before home's own code has run: one round trip fewer before
  // home's largest paint (the card's text). home-lazy.tsx's import then finds it loaded.
  void import('./components/InfoFlow.tsx').catch(() => undefined);
  const uid = contentUid();
  void qc.prefetchQuery(contentQueries.tags(uid));
  void qc.prefetchInfiniteQuery(contentQueries.flow(uid, ALL_TAGS));
  void qc.prefetchQuery(contentQueries.operations());
}

/** Mine's market figures and banana-shell guide (signed in), asked for beside the user's info: the guide's text is mine's largest paint. */
export function prefetchMineContent(qc: QueryClient): void {
  const uid = contentUid();
  void qc.prefetchQuery(mineInfoQuery(uid));
  void qc.prefetchQuery(contentQueries.guide(uid, DEFAULT_GUIDE_CLASSIFICATION));
}
