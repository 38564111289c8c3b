import type { Activity } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/format.ts';
import '../../i18n/members.ts';

type ActionKey =
  | 'create'
  | 'add'
  | 'update'
  | 'delete'
  | 'sort'
  | 'restore'
  | 'join'
  | 'quit'
  | 'remove'
  | 'role'
  | 'approve'
  | 'reject'
  | 'revoke'
  | 'import';
type EntityKey =
  | 'transaction'
  | 'category'
  | 'account'
  | 'member'
  | 'merchant'
  | 'project'
  | 'label'
  | 'book'
  | 'role'
  | 'invitation'
  | 'request'
  | 'setting'
  | 'inviteSetting';

/** The words the server writes (docs/members.md, activity log), and the few spellings of each. */
const ACTIONS: Record<string, ActionKey> = {
  create: 'create',
  add: 'add',
  update: 'update',
  edit: 'update',
  delete: 'delete',
  sort: 'sort',
  reorder: 'sort',
  restore: 'restore',
  join: 'join',
  quit: 'quit',
  leave: 'quit',
  remove: 'remove',
  role: 'role',
  change_role: 'role',
  role_change: 'role',
  approve: 'approve',
  agree: 'approve',
  reject: 'reject',
  revoke: 'revoke',
  import: 'import',
};
const ENTITIES: Record<string, EntityKey> = {
  transaction: 'transaction',
  category: 'category',
  account: 'account',
  member: 'member',
  merchant: 'merchant',
  project: 'project',
  label: 'label',
  book: 'book',
  role: 'role',
  invitation: 'invitation',
  request: 'request',
  application: 'request',
  setting: 'setting',
  invite_setting: 'inviteSetting',
  report_setting: 'setting',
};

const normal = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
/** 'categories' -> 'category', 'accounts' -> 'account' (the dimension calls write the plural). */
const singular = (word: string) => (word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') ? word.slice(0, -1) : word);

function entityKey(entity: string): EntityKey | undefined {
  const w = normal(entity);
  return ENTITIES[w] ?? ENTITIES[singular(w)];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the change was about, as the before or after snapshot names it: a name, or a record's amount. */
function subjectOf(a: Activity): string {
  for (const snap of [a.after, a.before]) {
    if (!isRecord(snap)) continue;
    for (const k of ['name', 'role_name', 'nickname', 'book_name']) {
      const v = snap[k];
      if (typeof v === 'string' && v.trim()) return i18n.t('members.activity.subject', { name: v.trim() });
    }
    if (typeof snap.amount === 'string' && snap.amount) return i18n.t('members.activity.amount', { amount: formatAmount(snap.amount) });
  }
  return '';
}

/** One line of the activity log in the reader's language: "新增了分类“餐饮”", "added a record amount 12.00". */
export function activityText(a: Activity): string {
  const action = ACTIONS[normal(a.action)];
  // A batch of records (an import) is one entry: how many, not each one.
  if (action === 'import') {
    const count = isRecord(a.after) && typeof a.after.count === 'number' ? a.after.count : 0;
    return i18n.t('members.activity.actions.import', { count });
  }
  const ek = entityKey(a.entity);
  const entity = i18n.t(`members.activity.entities.${ek ?? 'other'}`);
  const line = i18n.t(`members.activity.actions.${action ?? 'other'}`, { entity });
  const subject = action === 'join' || action === 'quit' || action === 'sort' ? '' : subjectOf(a);
  return subject ? i18n.t('members.activity.withSubject', { line, subject }) : line;
}
