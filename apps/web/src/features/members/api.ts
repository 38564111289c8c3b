import {
  MEMBER_PATHS,
  ROLE_OPERATIONS,
  bookPath,
  type BillingType,
  type Member,
  type PermissionNode,
  type Role,
} from '@cab/contracts/client';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { bookKeys } from '../books/queries.ts';
import type { ActivitiesPage, BookUsers, InviteSetting, MemberDetail, MemberRequests, RoleChoiceItem } from './types.ts';

/** The members area's queries, each under its book (docs/members.md). */
export const memberKeys = {
  all: ['members'] as const,
  book: (bookId: string) => [...memberKeys.all, bookId] as const,
  bookUsers: (bookId: string) => [...memberKeys.book(bookId), 'book-users'] as const,
  requests: (bookId: string) => [...memberKeys.book(bookId), 'requests'] as const,
  member: (bookId: string, id: string, detail: boolean) => [...memberKeys.book(bookId), 'member', id, detail ? 'detail' : 'basic'] as const,
  roles: (bookId: string) => [...memberKeys.book(bookId), 'roles'] as const,
  role: (bookId: string, roleId: string) => [...memberKeys.book(bookId), 'role', roleId] as const,
  assignable: (bookId: string) => [...memberKeys.book(bookId), 'assignable'] as const,
  tree: (bookId: string, roleId: string) => [...memberKeys.book(bookId), 'tree', roleId] as const,
  inviteSetting: (bookId: string) => [...memberKeys.book(bookId), 'invite-setting'] as const,
  activities: (bookId: string) => [...memberKeys.book(bookId), 'activities'] as const,
};

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const get = <T>(bookId: string, url: string, data?: Record<string, unknown>) =>
  request<{ data: T }>(url, { method: 'GET', data, loading: false, showError: false, tradingEntity: bookId }).then((r) => r.data);

export const ACTIVITY_PAGE_SIZE = 20;

export const memberQueries = {
  bookUsers: (bookId: string) =>
    queryOptions({ queryKey: memberKeys.bookUsers(bookId), queryFn: () => get<BookUsers>(bookId, MEMBER_PATHS.bookUsers) }),
  requests: (bookId: string) =>
    queryOptions({ queryKey: memberKeys.requests(bookId), queryFn: () => get<MemberRequests>(bookId, MEMBER_PATHS.requests) }),
  /** The full detail (03000201) or the basic one (02000504). */
  member: (bookId: string, id: string, detail: boolean) =>
    queryOptions({
      queryKey: memberKeys.member(bookId, id, detail),
      queryFn: () => get<MemberDetail | Member>(bookId, bookPath(detail ? MEMBER_PATHS.memberDetail : MEMBER_PATHS.memberBasic, { id })),
    }),
  roles: (bookId: string) => queryOptions({ queryKey: memberKeys.roles(bookId), queryFn: () => get<Role[]>(bookId, MEMBER_PATHS.roles) }),
  role: (bookId: string, roleId: string) =>
    queryOptions({
      queryKey: memberKeys.role(bookId, roleId),
      queryFn: () => get<Role>(bookId, bookPath(MEMBER_PATHS.role, { role_id: roleId })),
    }),
  /** The roles the caller may hand out (never the owner's). */
  assignable: (bookId: string) =>
    queryOptions({
      queryKey: memberKeys.assignable(bookId),
      queryFn: () => get<RoleChoiceItem[]>(bookId, MEMBER_PATHS.assignableRoles),
    }),
  tree: (bookId: string, roleId: string) =>
    queryOptions({
      queryKey: memberKeys.tree(bookId, roleId),
      queryFn: () => get<PermissionNode[]>(bookId, MEMBER_PATHS.permissionTree, { role_id: roleId }),
    }),
  inviteSetting: (bookId: string) =>
    queryOptions({ queryKey: memberKeys.inviteSetting(bookId), queryFn: () => get<InviteSetting>(bookId, MEMBER_PATHS.inviteSetting) }),
  /** The activity log, newest first, a page at a time (keyset: `cursor` is the last id). */
  activities: (bookId: string) =>
    infiniteQueryOptions({
      queryKey: memberKeys.activities(bookId),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        request<ActivitiesPage>(MEMBER_PATHS.activities, {
          method: 'GET',
          data: { page_size: ACTIVITY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          loading: false,
          showError: false,
          tradingEntity: bookId,
        }),
      getNextPageParam: (last) => (last.paging.has_more ? (last.paging.next_cursor ?? undefined) : undefined),
    }),
};

/** After a change to the book's members: its lists, and the book's member count. */
function membersChanged(qc: QueryClient, bookId: string) {
  void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) });
  void qc.invalidateQueries({ queryKey: bookKeys.all });
}

// Mutations: the request wrapper toasts a refusal in the user's language; the screen says what went well.
const send = <T = unknown>(bookId: string, url: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', data?: Record<string, unknown>) =>
  request<T>(url, { method, data, tradingEntity: bookId });

/** Agrees to an application; `roleId` is required when the applicant left the role to the approver. */
export function useAgreeRequest(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roleId }: { id: string; roleId?: string }) =>
      send(bookId, MEMBER_PATHS.decide, 'PATCH', { id, status: 'Agreed', ...(roleId ? { role_id: roleId } : {}) }),
    onSuccess: () => membersChanged(qc, bookId),
  });
}

export function useRejectRequest(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send(bookId, bookPath(MEMBER_PATHS.reject, { id }), 'PATCH', {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) }),
  });
}

export function useChangeMemberRole(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: string; roleId: string }) =>
      send(bookId, bookPath(MEMBER_PATHS.memberRole, { id: userId }), 'PATCH', { role_id: roleId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) }),
  });
}

export function useRemoveMember(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => send(bookId, bookPath(MEMBER_PATHS.memberDetail, { id: userId }), 'DELETE'),
    onSuccess: (_r, userId) => {
      // The removed member's detail is not asked again (it would be a 404): it is dropped, not refreshed.
      const theirs = [...memberKeys.book(bookId), 'member', userId];
      void qc.cancelQueries({ queryKey: theirs });
      void qc.invalidateQueries({
        queryKey: memberKeys.book(bookId),
        predicate: (q) => !theirs.every((part, i) => q.queryKey[i] === part),
      });
      void qc.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}

export interface NewRole {
  role_name: string;
  role_desc: string;
  permission_codes: string[];
  price: string;
  billing_type: BillingType;
}

export function useAddRole(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (role: NewRole) =>
      send<{ data?: Role }>(bookId, MEMBER_PATHS.roleOperation, 'POST', { operation: ROLE_OPERATIONS.add, ...role }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) }),
  });
}

export interface RoleUpdate {
  role_id: string;
  permission_codes?: string[];
  role_name?: string;
  role_desc?: string;
}

export function useUpdateRole(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: RoleUpdate) => send(bookId, MEMBER_PATHS.roleOperation, 'POST', { operation: ROLE_OPERATIONS.update, ...update }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) }),
  });
}

export function useDeleteRole(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) =>
      send(bookId, MEMBER_PATHS.roleOperation, 'POST', { operation: ROLE_OPERATIONS.delete, role_id: roleId }),
    onSuccess: (_r, roleId) => {
      qc.removeQueries({ queryKey: memberKeys.role(bookId, roleId) });
      void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) });
    },
  });
}

export function useSaveInviteSetting(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (setting: InviteSetting) => send<{ data?: InviteSetting }>(bookId, MEMBER_PATHS.inviteSetting, 'PUT', { ...setting }),
    onSuccess: (r, setting) => qc.setQueryData(memberKeys.inviteSetting(bookId), r?.data ?? setting),
  });
}
