/** The activity log's kinds of row (zod-free: the web reads them too). */
/**
 * Every kind of row the activity log holds, as `entity.action` (docs/members.md): each
 * reads as a sentence in both languages on the web, which a test holds to this list.
 * Dimension rows name their kind in the singular when one item changes and in the plural
 * for a reorder or a deletion (as the dimension calls write them).
 */
export const ACTIVITY_KINDS = [
  'transaction.create',
  'transaction.import',
  'transaction.update',
  'transaction.delete',
  'category.create',
  'category.update',
  'categories.delete',
  'categories.sort',
  'account.create',
  'account.update',
  'accounts.delete',
  'accounts.sort',
  'member.create',
  'member.update',
  'members.delete',
  'members.sort',
  'merchant.create',
  'merchant.update',
  'merchants.delete',
  'merchants.sort',
  'project.create',
  'project.update',
  'projects.delete',
  'projects.sort',
  'member.add',
  'member.join',
  'member.quit',
  'member.remove',
  'member.role',
  'member.reject',
  'role.create',
  'role.update',
  'role.delete',
  'invitation.create',
  'invitation.revoke',
  'invite_setting.update',
  'budget.create',
  'budget.update',
  'budget.delete',
  'budget.sum',
  'budget.extend',
  'book.create',
  'book.update',
  'book.delete',
  'book.restore',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** The actions of rows about a member of the book, whose entity id is that user's (a member label's rows use the others). */
export const MEMBER_ACTIVITY_ACTIONS = ['add', 'join', 'quit', 'remove', 'role', 'reject'] as const;
