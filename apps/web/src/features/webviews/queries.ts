import { WEBVIEW_PATHS, type Webviews } from '@cab/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

/**
 * The outside pages the operator lets CAB open, and the customer-service and follow pages
 * (docs/host.md, "Webviews"). They change only when the server restarts with new settings,
 * so one answer serves a while.
 */
export const webviewsQuery = () =>
  queryOptions({
    queryKey: ['webviews'] as const,
    // A page that needs the list shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
    queryFn: () => request<{ data: Webviews }>(WEBVIEW_PATHS.list, { method: 'GET', loading: false, showError: false }).then((r) => r.data),
    staleTime: 10 * 60_000,
  });

export const useWebviews = () => useQuery(webviewsQuery());
