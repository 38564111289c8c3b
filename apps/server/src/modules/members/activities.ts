import type { Activity, UserRef } from '@cab/contracts';
import { MEMBER_ACTIVITY_ACTIONS } from '@cab/contracts';

/** One row of the log as the repository reads it. */
export interface ActivityRow {
  id: string;
  user_id: string | null;
  nickname: string | null;
  avatar_url: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  at: Date;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && /^[1-9][0-9]{0,18}$/.test(v);

/** A row about a member of the book (joined, removed, ...): its entity id is that user's. */
export const isAboutMember = (a: Pick<ActivityRow, 'entity' | 'action'>): boolean =>
  a.entity === 'member' && (MEMBER_ACTIVITY_ACTIONS as readonly string[]).includes(a.action);

/**
 * What a row's sentence names besides the actor (docs/members.md, "Activity log"): the
 * member it is about, the roles (by role id) and categories (a budget's, a record's) it
 * points at. Gathered for a page at once, so a page costs one query per kind of name.
 */
export function referencesOf(rows: readonly ActivityRow[]): { users: string[]; roles: string[]; categories: string[] } {
  const users = new Set<string>();
  const roles = new Set<string>();
  const categories = new Set<string>();
  for (const a of rows) {
    if (isAboutMember(a) && isId(a.entity_id)) users.add(a.entity_id);
    if (a.entity === 'role' && isId(a.entity_id)) roles.add(a.entity_id);
    for (const snap of [a.before, a.after]) {
      if (!isRecord(snap)) continue;
      if (isId(snap.role_id)) roles.add(snap.role_id);
      if (Array.isArray(snap.role_ids)) for (const r of snap.role_ids) if (isId(r)) roles.add(r);
      if (isId(snap.category_id)) categories.add(snap.category_id);
      if (snap.subject_type === 'Category' && isId(snap.subject_id)) categories.add(snap.subject_id);
    }
  }
  return { users: [...users], roles: [...roles], categories: [...categories] };
}

export function presentActivity(a: ActivityRow, users: ReadonlyMap<string, UserRef>, names: Readonly<Record<string, string>>): Activity {
  const mine = referencesOf([a]);
  const own: Record<string, string> = {};
  for (const id of mine.roles) if (names[`role:${id}`] !== undefined) own[`role:${id}`] = names[`role:${id}`]!;
  for (const id of mine.categories) if (names[`category:${id}`] !== undefined) own[`category:${id}`] = names[`category:${id}`]!;
  return {
    id: a.id,
    user: a.user_id ? { user_id: a.user_id, nickname: a.nickname ?? '', avatar_url: a.avatar_url ?? '' } : null,
    action: a.action,
    entity: a.entity,
    entity_id: a.entity_id,
    before: a.before ?? null,
    after: a.after ?? null,
    at: a.at.getTime(),
    target: isAboutMember(a) ? (users.get(a.entity_id) ?? null) : null,
    names: own,
  };
}
