import { CONTENT_PATHS, type MineInfo } from '@cab/contracts/client';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import type { RequestOptions } from '../../api/request.ts';

/**
 * SPEC 7: "One market-info call has no loading indicator, a JSON content type and an
 * empty trading-entity header": this is that call (GET mine/info/, the mine page's
 * market figures). It is a query, so its failure is not toasted either: the figures
 * are simply left out.
 */
export const MINE_INFO_OPTIONS = {
  method: 'GET',
  loading: false,
  showError: false,
  tradingEntity: '',
  jsonContentType: true,
} as const satisfies RequestOptions;

export const mineInfoKeys = {
  all: ['mine-info'] as const,
  user: (uid: string) => [...mineInfoKeys.all, uid] as const,
};

export const mineInfoQuery = (uid: string) =>
  queryOptions({
    queryKey: mineInfoKeys.user(uid),
    queryFn: () => request<{ data: MineInfo }>(CONTENT_PATHS.mineInfo, MINE_INFO_OPTIONS).then((r) => r.data),
  });
