import {
  MEMBER_PATHS,
  bookPath,
  type ApplyRequest,
  type ApplyResponse,
  type AuditType,
  type Invitation,
  type InviteSettingResponse,
  type LinkValidity,
  type PendingPromptsResponse,
  type Role,
  type RoleRef,
  type UrgeResponse,
  type WhetherExistResponse,
} from '@cab/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { bookKeys } from '../books/queries.ts';
import { invitationKeys } from './keys.ts';

export type InviteSetting = z.infer<typeof InviteSettingResponse>['data'];
export type WhetherExist = z.infer<typeof WhetherExistResponse>['data'];
export type ApplyResult = z.infer<typeof ApplyResponse>['data'];
export type PendingPrompts = z.infer<typeof PendingPromptsResponse>['data'];
export type UrgeResult = z.infer<typeof UrgeResponse>['data'];

export interface CreateInvitationInput {
  audit_type: AuditType;
  link_validity: LinkValidity;
  role_ids?: string[];
  remark?: string;
}

// The keys live apart (keys.ts): home asks for its prompts before this module loads.
export { invitationKeys };

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const quiet = (tradingEntity: string) => ({ method: 'GET', loading: false, showError: false, tradingEntity }) as const;
const get = <T>(url: string, tradingEntity: string, data?: Record<string, unknown>) =>
  request<{ data: T }>(url, { ...quiet(tradingEntity), data }).then((r) => r.data);
// The joiner's calls name their book by the link, not by the Trading-Entity (MEMBER_PATHS).
const NO_BOOK = '';

/**
 * Invitations (issue 10, docs/members.md): the inviter's side (the book's defaults, the
 * roles they may give, creating a link; whether they may invite at all is asked through
 * books/invite-permission.ts) and the joiner's (the link, their relation to its book,
 * applying, urging, and the prompts waiting for them).
 */
export const invitationQueries = {
  setting: (bookId: string) =>
    queryOptions({ queryKey: invitationKeys.setting(bookId), queryFn: () => get<InviteSetting>(MEMBER_PATHS.inviteSetting, bookId) }),
  roles: (bookId: string) =>
    queryOptions({ queryKey: invitationKeys.roles(bookId), queryFn: () => get<Role[]>(MEMBER_PATHS.assignableRoles, bookId) }),
  one: (code: string) =>
    queryOptions({
      queryKey: invitationKeys.one(code),
      // A link just made is shown from the creation's answer, not asked for again at once.
      staleTime: 30_000,
      queryFn: () => get<Invitation>(bookPath(MEMBER_PATHS.invitationV5, { code }), NO_BOOK),
    }),
  whetherExist: (code: string) =>
    queryOptions({
      queryKey: invitationKeys.whetherExist(code),
      queryFn: () => get<WhetherExist>(bookPath(MEMBER_PATHS.whetherExistV5, { code }), NO_BOOK),
    }),
  prompts: () => queryOptions({ queryKey: invitationKeys.prompts(), queryFn: fetchPendingPrompts }),
};

/** What waits for the user (home's prompts card, which asks for it before loading its own code). */
export function fetchPendingPrompts(): Promise<PendingPrompts> {
  return get<PendingPrompts>(MEMBER_PATHS.pendingPrompts, NO_BOOK);
}

/** A link that is gone: expired or revoked (422), or never was (404). The page says so in full. */
export const isLinkGone = (err: unknown): err is ApiError => err instanceof ApiError && (err.status === 404 || err.status === 422);

export function useInvitation(code: string) {
  return useQuery({ ...invitationQueries.one(code), enabled: Boolean(code) });
}

/** The caller's relation to the link's book; only asked signed in. */
export function useWhetherExist(code: string) {
  const loggedIn = useUserStore(selectLoggedIn);
  return useQuery({ ...invitationQueries.whetherExist(code), enabled: loggedIn && Boolean(code) });
}

export function usePendingPrompts() {
  const loggedIn = useUserStore(selectLoggedIn);
  return useQuery({ ...invitationQueries.prompts(), enabled: loggedIn });
}

/** Creates a link; the answer (with role_code, which only inviters see) is kept for the share page. */
export function useCreateInvitation(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationInput) =>
      request<{ data: Invitation }>(MEMBER_PATHS.createInvitation, { method: 'POST', data: { ...body }, tradingEntity: bookId }).then(
        (r) => r.data,
      ),
    onSuccess: (inv) => qc.setQueryData(invitationKeys.one(inv.invite_code), inv),
  });
}

/** Applies or joins. A join puts the book in the lists at once; either way the relation is asked again. */
export function useApply(code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyRequest) =>
      request<{ data: ApplyResult }>(MEMBER_PATHS.applyV5, { method: 'POST', data: { ...body }, tradingEntity: NO_BOOK }).then(
        (r) => r.data,
      ),
    onSuccess: (result) => {
      if (result.status !== 'ToBeAuthorized') void qc.invalidateQueries({ queryKey: bookKeys.all });
      void qc.invalidateQueries({ queryKey: invitationKeys.whetherExist(code) });
      void qc.invalidateQueries({ queryKey: invitationKeys.prompts() });
    },
  });
}

/**
 * Checks an invitation code (NoReviewRoleCode): the roles it lets the joiner choose. A
 * wrong code or too many tries are the field's error, so the wrapper does not toast them.
 */
export function checkInvitationCode(code: string, roleCode: string): Promise<RoleRef[]> {
  return request<{ data: Invitation }>(bookPath(MEMBER_PATHS.invitationRoles, { code, roleCode }), {
    method: 'GET',
    showError: false,
    tradingEntity: NO_BOOK,
  }).then((r) => r.data.role_vos);
}

/** Urges the approvers; too soon (429) is toasted with the server's words by the wrapper. */
export function useUrge() {
  return useMutation({
    mutationFn: (requestId: string) =>
      request<{ data: UrgeResult }>(MEMBER_PATHS.urge, { method: 'POST', data: { id: requestId }, tradingEntity: NO_BOOK }).then(
        (r) => r.data,
      ),
  });
}

/**
 * Accepts or declines being added to a book, and with a decline may block the book from
 * asking again (docs/members.md); an accepted book joins the lists at once.
 */
export function useAnswerPrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, block }: { id: string; status: 'Accepted' | 'Rejected'; block?: boolean }) =>
      request(bookPath(MEMBER_PATHS.answerPrompt, { id }), {
        method: 'PATCH',
        data: { status, ...(block ? { block } : {}) },
        tradingEntity: NO_BOOK,
      }),
    onSuccess: (_r, { status }) => {
      void qc.invalidateQueries({ queryKey: invitationKeys.prompts() });
      void qc.invalidateQueries({ queryKey: invitationKeys.blocked() });
      if (status === 'Accepted') void qc.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}

/** The link a joiner opens: this app's invitation page with the link's code. */
export function invitationLink(code: string): string {
  return `${location.origin}${location.pathname}#/invitation/index?code=${encodeURIComponent(code)}`;
}
