import type { LocalizedText } from './messages.ts';

/**
 * Permission codes: the fourteen of SPEC section 6, and the few the spec leaves open
 * that a shared book still needs (marked "ours"; docs/members.md). A code's first two
 * digits name its group; holding a code requires holding its group. A permission's
 * status '1' means allowed.
 */
export const Permission = {
  /** Group: the flows, reports and transaction details (reading them). */
  TRANSACTION_GROUP: '01',
  ADD_TRANSACTION: '010001',
  EDIT_TRANSACTION: '010002',
  /** Group: open the book, its settings, dimension lists and roles. */
  BASIC: '02',
  MEMBER_BASIC_DETAIL: '02000504',
  /** Group (ours): members and roles. */
  MEMBER_GROUP: '03',
  ADD_MEMBER: '03000102',
  DELETE_MEMBER: '03000103',
  EDIT_MEMBER: '03000105',
  MEMBER_APPROVAL: '03000106',
  MEMBER_DETAIL: '03000201',
  ROLE_EDIT: '03000205',
  /** Group (ours): running the book. */
  BOOK_GROUP: '05',
  /** Ours: name, cover, remark and report settings. */
  EDIT_BOOK: '05000101',
  DELETE_BOOK: '05000102',
  /** Ours: delete categories, accounts, members, merchants and projects (it rewrites others' records). */
  MANAGE_DIMENSIONS: '05000103',
  /** Group: sensitive information; today the activity log (who changed what, before and after). */
  SENSITIVE: '11',
  /** Group: renting cloud space for the book (sold by the commerce area). */
  SPACE_RENTAL: '13',
} as const;
export type PermissionCode = (typeof Permission)[keyof typeof Permission];
export const PERMISSION_CODES: readonly PermissionCode[] = Object.values(Permission);

export function isPermissionCode(code: string): code is PermissionCode {
  return (PERMISSION_CODES as readonly string[]).includes(code);
}

/** The group a code belongs to (itself for a group). */
export const permissionGroup = (code: PermissionCode): PermissionCode => code.slice(0, 2) as PermissionCode;

/** The permission-config tree's names, in both languages, in display order. */
export const PERMISSION_NAMES: Readonly<Record<PermissionCode, LocalizedText>> = {
  '01': { 'zh-CN': '记账与流水', en: 'Transactions' },
  '010001': { 'zh-CN': '记一笔', en: 'Add transactions' },
  '010002': { 'zh-CN': '编辑和删除流水', en: 'Edit and delete transactions' },
  '02': { 'zh-CN': '基础', en: 'Basics' },
  '02000504': { 'zh-CN': '查看成员基础信息', en: 'See members' },
  '03': { 'zh-CN': '成员与角色', en: 'Members and roles' },
  '03000102': { 'zh-CN': '邀请和添加成员', en: 'Invite and add members' },
  '03000103': { 'zh-CN': '移除成员', en: 'Remove members' },
  '03000105': { 'zh-CN': '修改成员角色', en: "Change members' roles" },
  '03000106': { 'zh-CN': '审批加入申请', en: 'Approve applications' },
  '03000201': { 'zh-CN': '查看成员详情', en: 'See member details' },
  '03000205': { 'zh-CN': '编辑角色', en: 'Edit roles' },
  '05': { 'zh-CN': '账本管理', en: 'Book management' },
  '05000101': { 'zh-CN': '修改账本设置', en: 'Change book settings' },
  '05000102': { 'zh-CN': '删除账本', en: 'Delete the book' },
  '05000103': { 'zh-CN': '管理分类和标签', en: 'Manage categories and labels' },
  '11': { 'zh-CN': '敏感信息（操作日志）', en: 'Sensitive information (activity log)' },
  '13': { 'zh-CN': '租用云空间', en: 'Rent cloud space' },
};

/** The seeded roles of every book (SPEC 6); 'custom' roles are made by those holding 03000205. */
export const ROLE_KINDS = ['owner', 'admin', 'bookkeeper', 'viewer', 'custom'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
export type SystemRoleKind = Exclude<RoleKind, 'custom'>;

/**
 * What each seeded role may do when a book is made. The owner holds every code, always;
 * the others are data afterwards (a role editor may change them).
 */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<SystemRoleKind, readonly PermissionCode[]>> = {
  owner: PERMISSION_CODES,
  admin: PERMISSION_CODES.filter((c) => c !== Permission.DELETE_BOOK && c !== Permission.SPACE_RENTAL),
  bookkeeper: [
    Permission.TRANSACTION_GROUP,
    Permission.ADD_TRANSACTION,
    Permission.EDIT_TRANSACTION,
    Permission.BASIC,
    Permission.MEMBER_BASIC_DETAIL,
  ],
  viewer: [Permission.TRANSACTION_GROUP, Permission.BASIC, Permission.MEMBER_BASIC_DETAIL],
};

/** The seeded roles' names and descriptions, shown in the reader's language until a role editor renames them. */
export const SYSTEM_ROLE_TEXTS: Readonly<Record<SystemRoleKind, { name: LocalizedText; desc: LocalizedText }>> = {
  owner: {
    name: { 'zh-CN': '创建者', en: 'Owner' },
    desc: { 'zh-CN': '拥有账本的全部权限，可以删除账本', en: 'Can do everything, including deleting the book' },
  },
  admin: {
    name: { 'zh-CN': '管理员', en: 'Administrator' },
    desc: { 'zh-CN': '管理成员、角色和账本设置，可以记账', en: 'Manages members, roles and settings, and records' },
  },
  bookkeeper: {
    name: { 'zh-CN': '记账员', en: 'Bookkeeper' },
    desc: { 'zh-CN': '可以记账、编辑流水和查看报表', en: 'Records and edits transactions, reads reports' },
  },
  viewer: {
    name: { 'zh-CN': '查看者', en: 'Viewer' },
    desc: { 'zh-CN': '只能查看流水和报表', en: 'Reads transactions and reports only' },
  },
};

/**
 * What every role holds: 02 basic opens the book (its lists, settings and roles); a
 * role without it could not even load the screen it may record on.
 */
export const ALWAYS_HELD: readonly PermissionCode[] = [Permission.BASIC];

/**
 * A role's permission set made whole: unknown codes dropped, each code's group and the
 * codes every role holds added, in catalogue order.
 */
export function completePermissions(codes: readonly string[]): PermissionCode[] {
  const held = new Set<string>(ALWAYS_HELD);
  for (const code of codes) {
    if (!isPermissionCode(code)) continue;
    held.add(code);
    held.add(permissionGroup(code));
  }
  return PERMISSION_CODES.filter((c) => held.has(c));
}
