import {
  ASSIGNED_BY_ADMIN_ROLE_ID,
  PERMISSION_CODES,
  SYSTEM_ROLE_TEXTS,
  minorToMoney,
  type Invitation,
  type Locale,
  type Member,
  type MemberRequest,
  type Role,
  type RoleRef,
} from '@cab/contracts';
import type { RoleKind } from '../../platform/db/schema.ts';
import type { InvitationRow, RequestRow } from './invitations.repository.ts';
import type { MemberRow } from './members.repository.ts';
import type { RoleRow } from './roles.repository.ts';

/** A seeded role keeps an empty name and description until renamed: it is shown in the reader's language. */
export function roleName(kind: RoleKind, name: string, locale: Locale): string {
  return name || (kind === 'custom' ? '' : SYSTEM_ROLE_TEXTS[kind].name[locale]);
}
function roleDesc(kind: RoleKind, desc: string, locale: Locale): string {
  return desc || (kind === 'custom' ? '' : SYSTEM_ROLE_TEXTS[kind].desc[locale]);
}

/** Price text parts (SPEC 3): '0' is free; the web adds the unit of the billing type. */
const price = (minor: string) => {
  const money = minorToMoney(minor);
  return money.endsWith('.00') ? money.slice(0, -3) : money;
};

export function presentRole(r: RoleRow, locale: Locale, editable: boolean): Role {
  const name = roleName(r.kind, r.name, locale);
  return {
    role_id: r.id,
    role_name: name,
    role_desc: roleDesc(r.kind, r.description, locale),
    role_code: r.kind,
    role_info: { price: price(r.price_minor), billing_type: r.billing_type, role_name: name },
    // The owner holds every code whatever its row says.
    permission_codes: r.kind === 'owner' ? [...PERMISSION_CODES] : r.permissions,
    member_count: Number(r.member_count),
    editable,
  };
}

export function roleRef(r: Pick<RoleRow, 'id' | 'kind' | 'name' | 'description'>, locale: Locale): RoleRef {
  return { role_id: r.id, role_name: roleName(r.kind, r.name, locale), role_desc: roleDesc(r.kind, r.description, locale) };
}

export const ASSIGNED_BY_ADMIN: Record<Locale, RoleRef> = {
  'zh-CN': { role_id: ASSIGNED_BY_ADMIN_ROLE_ID, role_name: '由管理员分配', role_desc: '加入后由管理员为你分配角色' },
  en: { role_id: ASSIGNED_BY_ADMIN_ROLE_ID, role_name: 'Assigned by administrator', role_desc: 'An administrator gives you a role' },
};

export function presentMember(m: MemberRow, me: string, locale: Locale): Member {
  return {
    user_id: m.user_id,
    nickname: m.nickname,
    avatar_url: m.avatar_url,
    role: {
      ...roleRef({ id: m.role_id, kind: m.role_kind, name: m.role_name, description: m.role_description }, locale),
      role_code: m.role_kind,
    },
    joined_at: m.joined_at.getTime(),
    is_owner: m.role_kind === 'owner',
    is_me: m.user_id === me,
  };
}

/** 13812345678 -> 138****5678. */
export const maskPhone = (phone: string | null) => (phone ? phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2') : '');

const userRef = (id: string | null, nickname: string | null, avatar: string | null) =>
  id ? { user_id: id, nickname: nickname ?? '', avatar_url: avatar ?? '' } : null;

export function presentRequest(q: RequestRow, roles: ReadonlyMap<string, RoleRef>): MemberRequest {
  return {
    id: q.id,
    book_id: q.book_id,
    book_name: q.book_name,
    user: { user_id: q.user_id, nickname: q.user_nickname, avatar_url: q.user_avatar_url },
    kind: q.kind,
    status: q.status,
    role: q.role_id ? (roles.get(q.role_id) ?? null) : null,
    granted_role: q.granted_role_id ? (roles.get(q.granted_role_id) ?? null) : null,
    remark: q.remark,
    inviter: userRef(q.inviter_id, q.inviter_nickname, q.inviter_avatar_url),
    decided_by: userRef(q.decided_by, q.decider_nickname, q.decider_avatar_url),
    urge_count: q.urge_count,
    urged_at: q.urged_at?.getTime() ?? null,
    created_at: q.created_at.getTime(),
    decided_at: q.decided_at?.getTime() ?? null,
    in_book: q.in_book,
  };
}

export function presentInvitation(i: InvitationRow, roles: RoleRef[], locale: Locale, forInviter: boolean): Invitation {
  const roleVos = i.audit_type === 'NeedToBeReviewed' ? [...roles, ASSIGNED_BY_ADMIN[locale]] : roles;
  return {
    id: i.id,
    invite_code: i.code,
    audit_type: i.audit_type,
    link_validity: i.validity_days as Invitation['link_validity'],
    expire_at: i.expires_at?.getTime() ?? null,
    book_info: { book_id: i.book_id, book_name: i.book_name, cover: i.book_cover, member_count: Number(i.member_count) },
    book: { id: i.book_id, name: i.book_name },
    inviter: { user_id: i.inviter_id, nickname: i.inviter_nickname, avatar_url: i.inviter_avatar_url },
    role: roles[0] ?? null,
    role_vos: roleVos,
    remark: i.remark,
    ...(forInviter && i.role_code ? { role_code: i.role_code } : {}),
    created_at: i.created_at.getTime(),
  };
}
