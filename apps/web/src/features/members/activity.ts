import { shownNickname, type Activity } from '@cab/contracts/client';
import { i18n, type TKey } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/format.ts';
import '../../i18n/activity.ts';

/**
 * One entry of the activity log as a sentence in the reader's language, naming who did
 * it, to whom or what, and how (docs/members.md, "Activity log"): "妈妈同意小红加入账本，
 * 角色“记账员”", "Mum changed Dad's role from Viewer to Bookkeeper". Every kind the server
 * writes (ACTIVITY_KINDS) has its own sentence; a test holds them to the list.
 */
type Snap = Record<string, unknown>;
const snap = (v: unknown): Snap => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Snap) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const amount = (v: unknown): string => (typeof v === 'string' && v ? formatAmount(v) : '');

const DIMS = { category: 'category', account: 'account', member: 'member', merchant: 'merchant', project: 'project' } as const;
type Dim = keyof typeof DIMS;
/** 'categories' -> 'category' (reorders and deletions name the kind in the plural). */
const dimOf = (entity: string): Dim | undefined => {
  const one = entity.endsWith('ies') ? `${entity.slice(0, -3)}y` : entity.endsWith('s') ? entity.slice(0, -1) : entity;
  return one in DIMS ? (one as Dim) : undefined;
};
const MEMBER_ACTIONS = new Set(['add', 'join', 'quit', 'remove', 'role', 'reject']);

const t = (key: TKey, params: Record<string, string | number> = {}) => i18n.t(key, params);

function roleName(a: Activity, id: unknown): string {
  return (typeof id === 'string' && a.names[`role:${id}`]) || t('activity.aRole');
}
function categoryName(a: Activity, id: unknown): string {
  return typeof id === 'string' ? (a.names[`category:${id}`] ?? '') : '';
}
function typeWord(v: unknown): string {
  return v === 'Expense' || v === 'Income' || v === 'Transfer' ? t(`activity.types.${v}`) : t('activity.types.other');
}
function auditWord(v: unknown): string {
  return v === 'NeedToBeReviewed' || v === 'NoReviewDesignatedRole' || v === 'NoReviewRoleCode' ? t(`activity.audit.${v}`) : '';
}
const validityWord = (v: unknown): string =>
  typeof v === 'number' && v > 0 ? t('activity.validity', { count: v }) : t('activity.forever');

function budgetSubject(a: Activity, s: Snap): string {
  if (s.subject_type !== 'Category') return t('activity.budgetBook');
  const name = categoryName(a, s.subject_id);
  return name ? t('activity.budgetCategory', { name }) : t('activity.budgetGoneCategory');
}

/** The sentence's key and its words, or undefined for a kind this app does not know. */
function sentence(a: Activity, actor: string): [TKey, Record<string, string | number>] | undefined {
  const before = snap(a.before);
  const after = snap(a.after);
  const { action, entity } = a;
  const p = { actor };

  if (entity === 'transaction') {
    const s = action === 'delete' ? before : after;
    const category = categoryName(a, s.category_id);
    const words = {
      ...p,
      type: typeWord(s.business_type),
      amount: amount(s.amount),
      category: category ? t('activity.inCategory', { name: category }) : '',
    };
    if (action === 'create' || action === 'delete') return [`activity.transaction.${action}`, words];
    if (action === 'update') return ['activity.transaction.update', { ...words, from: amount(before.amount), to: amount(after.amount) }];
    if (action === 'import') return ['activity.transaction.import', { ...p, count: typeof after.count === 'number' ? after.count : 0 }];
    return undefined;
  }

  if (entity === 'member' && MEMBER_ACTIONS.has(action)) {
    // The member's name as the server gives it, as the row kept it, or the actor's when it was their own doing.
    const named = a.target?.nickname || str(before.nickname);
    const member = named ? shownNickname(named, i18n.language) : a.user?.user_id === a.entity_id ? actor : t('activity.aMember');
    const words = { ...p, member };
    // An add by phone names the masked number it asked, never who has it (docs/members.md).
    if (action === 'add')
      return ['activity.member.add', { ...words, member: str(after.phone) || member, role: roleName(a, after.role_id) }];
    if (action === 'join') {
      const self = a.user?.user_id === a.entity_id;
      return [self ? 'activity.member.join' : 'activity.member.joinLetIn', { ...words, role: roleName(a, after.role_id) }];
    }
    if (action === 'role') return ['activity.member.role', { ...words, from: roleName(a, before.role_id), to: roleName(a, after.role_id) }];
    if (action === 'quit' || action === 'remove' || action === 'reject') return [`activity.member.${action}`, words];
  }

  const dim = dimOf(entity);
  if (dim && ['create', 'update', 'delete', 'sort'].includes(action)) {
    const words = { ...p, dim: t(`activity.dims.${dim}`) };
    const from = str(before.name);
    const to = str(after.name);
    if (action === 'update' && from && to && from !== to) return ['activity.dim.rename', { ...words, from, to }];
    if (action === 'sort') return ['activity.dim.sort', words];
    return [`activity.dim.${action as 'create' | 'update' | 'delete'}`, { ...words, name: to || from }];
  }

  if (entity === 'role' && ['create', 'update', 'delete'].includes(action)) {
    const from = str(before.name) || (action === 'create' ? '' : roleName(a, a.entity_id));
    const to = str(after.name);
    if (action === 'update' && to && from && to !== from) return ['activity.role.rename', { ...p, from, to }];
    return [`activity.role.${action as 'create' | 'update' | 'delete'}`, { ...p, name: to || from }];
  }

  if (entity === 'invitation' && action === 'create')
    return ['activity.invitation.create', { ...p, audit: auditWord(after.audit_type), validity: validityWord(after.link_validity) }];
  if (entity === 'invitation' && action === 'revoke') return ['activity.invitation.revoke', p];
  if (entity === 'invite_setting' && action === 'update')
    return ['activity.inviteSetting.update', { ...p, audit: auditWord(after.audit_type), validity: validityWord(after.link_validity) }];

  if (entity === 'budget' && ['create', 'update', 'delete', 'sum', 'extend'].includes(action)) {
    const s = action === 'delete' ? before : after;
    const words = { ...p, subject: budgetSubject(a, s), amount: amount(s.amount) };
    if (action === 'update') return ['activity.budget.update', { ...words, from: amount(before.amount), to: amount(after.amount) }];
    return [`activity.budget.${action as 'create' | 'delete' | 'sum' | 'extend'}`, words];
  }

  if (entity === 'book') {
    if (action === 'create') return ['activity.book.create', { ...p, name: str(after.name) }];
    if (action === 'update') {
      const to = str(after.name);
      return to && to !== str(before.name) ? ['activity.book.rename', { ...p, to }] : ['activity.book.update', p];
    }
    if (action === 'delete' || action === 'restore') return [`activity.book.${action}`, p];
  }
  return undefined;
}

/** Whether this app has a sentence of its own for the entry (the generic one is the last resort). */
export const hasSentence = (a: Activity): boolean => sentence(a, '') !== undefined;

export function activityText(a: Activity): string {
  const actor = (a.user && shownNickname(a.user.nickname, i18n.language)) || t('activity.someone');
  const s = sentence(a, actor);
  return s ? t(s[0], s[1]) : t('activity.other', { actor });
}
