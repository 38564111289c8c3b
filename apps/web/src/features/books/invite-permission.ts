import { MEMBER_PATHS, Permission } from '@cab/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { bookKeys } from './queries.ts';

/**
 * Whether the caller's role may invite to a book (03000102): the book sheet's invite
 * entry and the invite popup ask it. A file of its own, so the first load does not carry
 * it; the sheet and the popup load it with themselves.
 */
export const invitePermissionQuery = (bookId: string) =>
  queryOptions({
    queryKey: [...bookKeys.all, 'invite-permission', bookId] as const,
    staleTime: 60_000,
    queryFn: () =>
      request<{ data: Record<string, '0' | '1'> }>(MEMBER_PATHS.permissions, {
        method: 'GET',
        loading: false,
        showError: false,
        tradingEntity: bookId,
        data: { code: Permission.ADD_MEMBER },
      }).then((r) => r.data[Permission.ADD_MEMBER] === '1'),
  });

export function useInvitePermission(bookId: string, enabled = true) {
  return useQuery({ ...invitePermissionQuery(bookId), enabled: enabled && Boolean(bookId) });
}
