import { DEFAULT_GUIDE_CLASSIFICATION } from '@cab/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { contentQueries, contentUid } from './api.ts';
import { mineInfoQuery } from './mine-info.ts';

/** Mine's market figures and banana-shell guide (signed in), asked for beside the user's info: the guide's text is mine's largest paint. */
export function prefetchMineContent(qc: QueryClient): void {
  const uid = contentUid();
  void qc.prefetchQuery(mineInfoQuery(uid));
  void qc.prefetchQuery(contentQueries.guide(uid, DEFAULT_GUIDE_CLASSIFICATION));
}
