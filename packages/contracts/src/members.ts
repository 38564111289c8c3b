import { z } from 'zod';
import { Phone } from './auth.ts';
import { Id, Name, Text } from './common.ts';
import { ACTIVITY_CURSOR, cursorField } from './cursor.ts';
import { MONEY_PATTERN } from './money.ts';
import {
  APPLY_REMARK_MAX,
  AUDIT_TYPES,
  BILLING_TYPES,
  LINK_VALIDITY_DAYS,
  MEMBER_REQUEST_STATUSES,
  ROLE_DESC_MAX,
  ROLE_NAME_MAX,
  WHETHER_EXIST,
} from './members-paths.ts';
import { ROLE_KINDS } from './permissions.ts';
import type { MessageKey } from './messages.ts';

export const AuditType = z.enum(AUDIT_TYPES);
export const LinkValidity = z.literal(LINK_VALIDITY_DAYS);
export const BillingType = z.enum(BILLING_TYPES);
export const RoleCode = z.enum(ROLE_KINDS);
export const MemberRequestStatus = z.enum(MEMBER_REQUEST_STATUSES);
export type AuditType = z.infer<typeof AuditType>;
export type LinkValidity = z.infer<typeof LinkValidity>;
export type BillingType = z.infer<typeof BillingType>;
export type MemberRequestStatus = z.infer<typeof MemberRequestStatus>;
export const WhetherExist = z.enum(WHETHER_EXIST);
export type WhetherExist = z.infer<typeof WhetherExist>;

/** A role id, or '-1' for "assigned by administrator" where an applicant may pick it. */
export const RoleChoice = z.union([Id, z.literal('-1')]);
/** A link's code: long and random, so it cannot be guessed. */
export const InviteCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be an invitation link code');
/** The code a joiner types for a NoReviewRoleCode link. */
export const InvitationCodeInput = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, 'must be letters and digits');
/** A role price in banana shell: a non-negative decimal string with at most two decimals, "0" free. */
export const RolePrice = z
  .string()
  .regex(MONEY_PATTERN, 'must be a decimal string with at most two decimals')
  .refine((v) => !v.startsWith('-'), 'must not be negative')
  .refine((v) => Number(v) <= 1_000_000, 'at most 1000000');

export const UserRef = z.object({ user_id: z.string(), nickname: z.string(), avatar_url: z.string() });
export type UserRef = z.infer<typeof UserRef>;

/** A role as every list answers it (SPEC 3: role_id, role_name, role_info{price, billing_type, role_name}). */
export const Role = z.object({
  role_id: z.string(),
  role_name: z.string(),
  role_desc: z.string(),
  /** owner, admin, bookkeeper, viewer (the seeded roles) or custom. */
  role_code: RoleCode,
  role_info: z.object({ price: z.string(), billing_type: BillingType, role_name: z.string() }),
  permission_codes: z.array(z.string()),
  member_count: z.number().int(),
  /** Whether the caller may edit (and, for custom roles, delete) it. */
  editable: z.boolean(),
});
export type Role = z.infer<typeof Role>;
export const RoleListResponse = z.object({ data: z.array(Role) });
export const RoleResponse = z.object({ data: Role });
export const RoleRef = z.object({ role_id: z.string(), role_name: z.string(), role_desc: z.string() });
export type RoleRef = z.infer<typeof RoleRef>;

export const RoleIdParams = z.object({ role_id: Id });
export const BookPathParams = z.object({ bookId: Id });
export const MemberIdParams = z.object({ id: Id });
export const CodeParams = z.object({ code: InviteCode });
export const CodeRoleParams = z.object({ code: InviteCode, roleCode: InvitationCodeInput });

const PermissionCodes = z.array(z.string().regex(/^[0-9]{2,8}$/, 'must be permission codes')).max(50);
export const RoleOperationRequest = z
  .discriminatedUnion('operation', [
    z.object({
      operation: z.literal('9'),
      role_name: Name(ROLE_NAME_MAX),
      role_desc: Text(ROLE_DESC_MAX).optional(),
      permission_codes: PermissionCodes,
      price: RolePrice.optional(),
      billing_type: BillingType.optional(),
    }),
    z.object({
      operation: z.literal('8'),
      role_id: Id,
      role_name: Name(ROLE_NAME_MAX).optional(),
      role_desc: Text(ROLE_DESC_MAX).optional(),
      permission_codes: PermissionCodes.optional(),
      price: RolePrice.optional(),
      billing_type: BillingType.optional(),
    }),
    z.object({ operation: z.literal('D'), role_id: Id }),
  ])
  .refine(
    (v) => v.operation !== '8' || Object.entries(v).some(([k, x]) => k !== 'operation' && k !== 'role_id' && x !== undefined),
    'validation.nothingToUpdate' satisfies MessageKey,
  );
export type RoleOperationRequest = z.input<typeof RoleOperationRequest>;

/** One node of the permission-config tree with the role's status ('1' allowed). */
export interface PermissionNode {
  code: string;
  name: string;
  status: '0' | '1';
  children: PermissionNode[];
}
export const PermissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), status: z.enum(['0', '1']), children: z.array(PermissionNode) }),
);
export const PermissionTreeQuery = z.object({ role_id: Id });
export const PermissionTreeResponse = z.object({ data: z.array(PermissionNode) });

/** `?code=010001,010002`: at most 50 codes. */
export const PermissionsQuery = z.object({
  code: Text(500).refine((v) => /^[0-9]{2,8}(,[0-9]{2,8}){0,49}$/.test(v), 'must be permission codes joined by commas'),
});
/** A map of code to status: '1' allowed, '0' not (unknown codes too). */
export const PermissionsResponse = z.object({ data: z.record(z.string(), z.enum(['0', '1'])) });

/** A member of a book (a user in it, with their role). */
export const Member = UserRef.extend({
  role: RoleRef.extend({ role_code: RoleCode }),
  joined_at: z.number().int(),
  is_owner: z.boolean(),
  is_me: z.boolean(),
});
export type Member = z.infer<typeof Member>;
export const MemberResponse = z.object({ data: Member });
export const MemberListResponse = z.object({ data: z.array(Member) });
export const MemberDetail = Member.extend({
  /** Masked: 138****0000. */
  phone: z.string(),
  record_count: z.number().int(),
  last_recorded_at: z.number().int().nullable(),
  /** The book's member label that stands for them, if any. */
  member_label: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;
export const MemberDetailResponse = z.object({ data: MemberDetail });
export const ChangeMemberRoleRequest = z.object({ role_id: Id });

/** An application, a join, or an addition waiting for the added user (SPEC 4 pending member statuses). */
export const MemberRequest = z.object({
  id: z.string(),
  book_id: z.string(),
  book_name: z.string(),
  user: UserRef,
  kind: z.enum(['apply', 'join', 'add']),
  status: MemberRequestStatus,
  /** The role asked for; null when the applicant left it to the administrator. */
  role: RoleRef.nullable(),
  /** The role given on approval or joining. */
  granted_role: RoleRef.nullable(),
  remark: z.string(),
  inviter: UserRef.nullable(),
  decided_by: UserRef.nullable(),
  urge_count: z.number().int(),
  urged_at: z.number().int().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  /** Whether the user is in the book now: a joined member may have left or been removed since (a decided row says so). */
  in_book: z.boolean(),
});
export type MemberRequest = z.infer<typeof MemberRequest>;
export const MemberRequestResponse = z.object({ data: MemberRequest });

/** v6 book-users: pending users, bookkeepers (the book's users) and virtual members (SPEC 3). */
export const BookUsersResponse = z.object({
  data: z.object({
    pending_users: z.array(MemberRequest.omit({ remark: true })),
    bookkeepers: z.array(Member),
    member_list: z.array(z.object({ id: z.string(), name: z.string() })),
    joined_number: z.number().int(),
  }),
});
export type BookUsers = z.infer<typeof BookUsersResponse>['data'];
/** v6 members: what waits for approval and what was decided lately. */
export const MemberRequestsQuery = z.object({ page_size: z.coerce.number().int().min(1).max(100).optional() });
export const MemberRequestsResponse = z.object({
  data: z.object({
    to_be_accepted_list: z.array(MemberRequest),
    accepted_list: z.array(MemberRequest),
    joined_number: z.number().int(),
  }),
});

export type MemberRequests = z.infer<typeof MemberRequestsResponse>['data'];

export const DecideRequest = z.object({
  id: Id,
  status: z.enum(['Agreed', 'Rejected']),
  /** Required when the applicant left the role to the administrator; otherwise it overrides their choice. */
  role_id: Id.optional(),
});
export const RejectRequest = z.object({ reason: Text(APPLY_REMARK_MAX).optional() }).optional();
export const AddMemberRequest = z.object({ phone: Phone, role_id: Id, remark: Text(APPLY_REMARK_MAX).optional() });
/**
 * The same for every number (registered or not, a member already, asked already, or a
 * book they blocked): the number masked, the role offered and ADD_MEMBER_NOTICE.
 */
export const AddMemberResponse = z.object({ data: z.object({ phone: z.string(), role: RoleRef, notice: z.string() }) });
export type AddMemberResult = z.infer<typeof AddMemberResponse>['data'];
export const AnswerPromptRequest = z
  .object({
    status: z.enum(['Accepted', 'Rejected']),
    /** With Rejected: the book may not add the caller again until they allow it. */
    block: z.boolean().optional(),
  })
  .refine((v) => !v.block || v.status === 'Rejected', 'invitation.blockOnlyDeclining' satisfies MessageKey);
export type AnswerPromptRequest = z.input<typeof AnswerPromptRequest>;
/** A book the caller stopped from adding them by phone. */
export const BlockedBook = z.object({ book_id: z.string(), book_name: z.string(), blocked_at: z.number().int() });
export type BlockedBook = z.infer<typeof BlockedBook>;
export const BlockedBooksResponse = z.object({ data: z.array(BlockedBook) });

/** An invitation link (SPEC 3). */
export const Invitation = z.object({
  id: z.string(),
  invite_code: z.string(),
  audit_type: AuditType,
  link_validity: LinkValidity,
  expire_at: z.number().int().nullable(),
  book_info: z.object({ book_id: z.string(), book_name: z.string(), cover: z.string(), member_count: z.number().int() }),
  book: z.object({ id: z.string(), name: z.string() }),
  inviter: UserRef,
  /** The designated role (the first the link allows). */
  role: RoleRef.nullable(),
  /** The roles the joiner may choose; a review link adds "assigned by administrator" (id -1). */
  role_vos: z.array(RoleRef),
  remark: z.string(),
  /** Only to the book's inviters: the code joiners type (NoReviewRoleCode). */
  role_code: z.string().optional(),
  created_at: z.number().int(),
});
export type Invitation = z.infer<typeof Invitation>;
export const InvitationResponse = z.object({ data: Invitation });
export const InvitationListResponse = z.object({ data: z.array(Invitation) });
export const CreateInvitationRequest = z.object({
  audit_type: AuditType,
  link_validity: LinkValidity,
  /** The roles the link allows; a review link without them allows every role the inviter may hand out. */
  role_ids: z.array(Id).min(1).max(20).optional(),
  remark: Text(APPLY_REMARK_MAX).optional(),
});
export const WhetherExistResponse = z.object({
  data: z.object({ status: WhetherExist, request_id: z.string().nullable(), book_id: z.string() }),
});
export const ApplyRequest = z.object({
  invite_code: InviteCode,
  role_id: RoleChoice,
  remark: Text(APPLY_REMARK_MAX, { multiline: true }).optional(),
  /** NoReviewRoleCode: the code the inviter gave. */
  role_code: InvitationCodeInput.optional(),
  /** Whether to be told of the book's news (the join page's subscribe choice). */
  subscribe: z.boolean().optional(),
});
export type ApplyRequest = z.input<typeof ApplyRequest>;
export const ApplyResponse = z.object({
  data: z.object({ status: MemberRequestStatus, request_id: z.string(), book_id: z.string(), role: RoleRef.nullable() }),
});
export const UrgeRequest = z.object({ id: Id });
export const UrgeResponse = z.object({ data: z.object({ urge_count: z.number().int(), urged_at: z.number().int() }) });

export const PendingPromptsResponse = z.object({
  data: z.object({
    /** Additions waiting for the caller's answer. */
    invitations: z.array(MemberRequest),
    /** The caller's own applications still under review. */
    applications: z.array(MemberRequest),
    /** Books where the caller approves, with how many wait. */
    to_approve: z.array(z.object({ book_id: z.string(), book_name: z.string(), count: z.number().int() })),
  }),
});

export const InviteSetting = z.object({ link_validity: LinkValidity, audit_type: AuditType });
export type InviteSetting = z.infer<typeof InviteSetting>;
export const InviteSettingResponse = z.object({ data: InviteSetting });

export const ActivitiesQuery = z.object({
  /** Where the last page ended: its paging.next_cursor, passed back as it came. */
  cursor: cursorField(ACTIVITY_CURSOR).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});
export const Activity = z.object({
  id: z.string(),
  user: UserRef.nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  at: z.number().int(),
  /** The member a member row is about (who joined, was removed, changed role); null otherwise. */
  target: UserRef.nullable(),
  /** Names of what the row points at, in the reader's language: `role:<id>`, `category:<id>`. */
  names: z.record(z.string(), z.string()),
});
export type Activity = z.infer<typeof Activity>;

export const ActivitiesResponse = z.object({
  data: z.array(Activity),
  paging: z.object({ has_more: z.boolean(), next_cursor: z.string().nullable() }),
});
export type ActivitiesPage = z.infer<typeof ActivitiesResponse>;
