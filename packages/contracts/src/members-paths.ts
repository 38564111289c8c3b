import type { LocalizedText } from './message-def.ts';

/**
 * The members area's paths (SPEC 7: invitations, members, roles, permissions), and our
 * own for what the spec leaves open (marked; docs/members.md). Zod-free for the web.
 */
export const MEMBER_PATHS = {
  // The joiner's side: an invitation link names its book, not the Trading-Entity.
  whetherExistV4: '/cab-user-ws/v4/account-book/invitations/member/whether-exist/:code',
  invitationV4: '/cab-user-ws/v4/invitations/:code',
  applyV4: '/cab-user-ws/v4/account-book/invitations/apply',
  invitationV5: '/cab-user-ws/v5/invitations/:code',
  whetherExistV5: '/cab-user-ws/v5/account-book/invitations/member/whether-exist/:code',
  /** Checks an invitation code (NoReviewRoleCode) and answers the roles it lets the joiner choose. */
  invitationRoles: '/cab-user-ws/v5/invitations/:code/roles/:roleCode',
  applyV5: '/cab-user-ws/v5/account-book/invitations/apply',
  urge: '/cab-user-ws/v5/account-book/invitations/urge-a-rush',
  pendingPrompts: '/cab-user-ws/v1/account-books/invitations/pending-prompts',
  /** Ours: the invited user accepts or declines being added to a book (declining may block the book's later requests). */
  answerPrompt: '/cab-user-ws/v1/account-books/invitations/pending-prompts/:id',
  /** Ours: GET the books the caller stopped from adding them (docs/members.md, "Adding by phone"). */
  blockedBooks: '/cab-user-ws/v1/account-books/invitations/blocked-books',
  /** Ours: DELETE lets a blocked book ask again. */
  blockedBook: '/cab-user-ws/v1/account-books/invitations/blocked-books/:bookId',

  // The book's side.
  bookRoles: '/cab-service-ws/account-books/:bookId/roles',
  paidRoles: '/cab-service-ws/account-books/:id/paid-roles',
  admins: '/cab-user-ws/v5/account-book/invitation/book-users/admin',
  roles: '/cab-service-ws/account-book/v2/roles',
  role: '/cab-service-ws/account-book/v2/roles/:role_id',
  permissionTree: '/cab-service-ws/account-book/v2/permission-configs/tree',
  createInvitation: '/cab-user-ws/v4/account-book/invitation',
  /** Ours: the book's links still in force, to copy again or revoke. */
  invitations: '/cab-user-ws/v4/account-book/invitations',
  /** PATCH: an approver agrees to or rejects an application. */
  decide: '/cab-user-ws/v4/account-book/invitation/member',
  memberDetail: '/cab-service-ws/account-book/users/:id',
  memberBasic: '/cab-user-ws/v5/account-book/invitation/members/:id',
  /** The roles the caller may hand out (never the owner's). */
  assignableRoles: '/cab-service-ws/account-book/roles',
  /** POST: ask whoever has this phone to join; answered alike whether or not anyone has it (docs/members.md). */
  addMember: '/cab-user-ws/v5/account-book/invitation/member',
  /** DELETE: revoke an invitation link. */
  revokeInvitation: '/cab-user-ws/v5/account-book/invitations/:id',
  /** POST: role create (9), update (8) and delete (D). */
  roleOperation: '/cab-service-ws/account-book/user/roles',
  reject: '/cab-user-ws/v5/account-book/invitations/reject/:id',
  bookUsers: '/cab-user-ws/v6/account-book/invitation/book-users',
  requests: '/cab-user-ws/v6/account-book/invitation/members',
  permissions: '/cab-service-ws/user/account-book/permissions',
  /** Ours: change a member's role. */
  memberRole: '/cab-service-ws/account-book/users/:id/role',
  /** Ours: the book's default link validity and audit type (defaultInviteSetting). */
  inviteSetting: '/cab-user-ws/v5/account-book/invitation/default-setting',
  /** Ours: the book's activity log, newest first. */
  activities: '/cab-config-ws/v1/account-book/activities',
} as const;

/** How an invitation lets people in (SPEC 2, invitation/index). */
export const AUDIT_TYPES = ['NeedToBeReviewed', 'NoReviewDesignatedRole', 'NoReviewRoleCode'] as const;

/** Link validity choices in days; 0 never expires (SPEC 9 leaves them open). */
export const LINK_VALIDITY_DAYS = [1, 7, 30, 0] as const;
export const DEFAULT_INVITE_SETTING = { link_validity: 7, audit_type: 'NeedToBeReviewed' } as const;

/** Pending member statuses (SPEC 4). */
export const MEMBER_REQUEST_STATUSES = ['Accepted', 'ToBeAccepted', 'ToBeAuthorized', 'Agreed', 'Rejected', 'Distributed'] as const;
/** The statuses still waiting for someone. */
export const OPEN_REQUEST_STATUSES = ['ToBeAccepted', 'ToBeAuthorized'] as const;

/** The caller's relation to an invitation's book (SPEC 4). */
export const WHETHER_EXIST = ['notExist', 'existed', 'underReview'] as const;

/** The role list entry an applicant picks to let the approver choose (SPEC 3). */
export const ASSIGNED_BY_ADMIN_ROLE_ID = '-1';

/** Role price billing (SPEC 3): per day, per person per day, or one-off, in banana shell. */
export const BILLING_TYPES = ['PerDay', 'PerPersonPerDay', 'OneOff'] as const;

/** Role operations (SPEC 4). */
export const ROLE_OPERATIONS = { add: '9', update: '8', delete: 'D' } as const;

export const ROLE_NAME_MAX = 20;
export const ROLE_DESC_MAX = 100;
export const APPLY_REMARK_MAX = 100;
/** An invitation code a joiner types (NoReviewRoleCode): 8 characters of an unambiguous alphabet. */
export const INVITATION_CODE_LENGTH = 8;
/**
 * Adding by phone (docs/members.md, "Adding by phone"): how many adds a user may make, and
 * a book may receive, in a sliding hour and day; every add counts, whoever the number is.
 */
export const ADD_MEMBER_LIMITS = {
  userPerHour: 10,
  userPerDay: 30,
  bookPerHour: 20,
  bookPerDay: 50,
} as const;

/** What every add by phone answers, whoever has the number ({phone} masked). */
export const ADD_MEMBER_NOTICE: LocalizedText = {
  'zh-CN': '如果 {phone} 已注册，对方会收到你的邀请，接受后即加入账本',
  en: 'If {phone} has an account, they will get your request and join once they accept',
};

/** Urging an approver again waits this long. */
export const URGE_INTERVAL_MS = 10 * 60 * 1000;
