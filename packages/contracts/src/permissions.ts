/** Permission codes of SPEC section 6. A permission's status '1' means allowed. */
export const Permission = {
  TRANSACTION_GROUP: '01',
  ADD_TRANSACTION: '010001',
  EDIT_TRANSACTION: '010002',
  BASIC: '02',
  MEMBER_BASIC_DETAIL: '02000504',
  ADD_MEMBER: '03000102',
  DELETE_MEMBER: '03000103',
  EDIT_MEMBER: '03000105',
  MEMBER_APPROVAL: '03000106',
  MEMBER_DETAIL: '03000201',
  ROLE_EDIT: '03000205',
  DELETE_BOOK: '05000102',
  SENSITIVE: '11',
  SPACE_RENTAL: '13',
} as const;
export type PermissionCode = (typeof Permission)[keyof typeof Permission];

/**
 * What each role may do until the members area makes roles editable. The owner holds
 * every code; only the owner deletes the book.
 */
export const ROLE_PERMISSIONS: Record<'owner' | 'admin' | 'bookkeeper' | 'viewer', readonly PermissionCode[]> = {
  owner: Object.values(Permission),
  admin: Object.values(Permission).filter((c) => c !== Permission.DELETE_BOOK && c !== Permission.SPACE_RENTAL),
  bookkeeper: [
    Permission.TRANSACTION_GROUP,
    Permission.ADD_TRANSACTION,
    Permission.EDIT_TRANSACTION,
    Permission.BASIC,
    Permission.MEMBER_BASIC_DETAIL,
  ],
  viewer: [Permission.BASIC, Permission.MEMBER_BASIC_DETAIL],
};
