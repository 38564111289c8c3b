import {
  BOOK_PATHS,
  MEMBER_PATHS,
  type Activity,
  type Member,
  type MemberRequest,
  type PermissionNode,
  type Role,
} from '@cab/contracts/client';
import { ApiError } from '../../api/request.ts';
import type { BookUsers, InviteSetting } from './types.ts';

/** A book, its members, roles and requests as the server answers them, for the members page tests. */
export const BOOK = {
  id: '9',
  name: '家庭',
  member_count: 3,
  role_list: [{ role_id: '2', role_name: 'admin' }],
  time_zone: 'Asia/Shanghai',
  currency: 'CNY',
};

const user = (id: string, nickname: string) => ({ user_id: id, nickname, avatar_url: '' });

export const member = (id: string, nickname: string, role: Role, extra: Partial<Member> = {}): Member => ({
  ...user(id, nickname),
  role: { role_id: role.role_id, role_name: role.role_name, role_desc: role.role_desc, role_code: role.role_code },
  joined_at: Date.UTC(2026, 0, Number(id)),
  is_owner: role.role_code === 'owner',
  is_me: false,
  ...extra,
});

export const role = (id: string, role_code: Role['role_code'], name: string, extra: Partial<Role> = {}): Role => ({
  role_id: id,
  role_name: name,
  role_desc: '',
  role_code,
  role_info: { price: '0', billing_type: 'PerDay', role_name: name },
  permission_codes: [],
  member_count: 1,
  editable: role_code !== 'owner',
  ...extra,
});

export const ROLES: Role[] = [
  role('1', 'owner', '创建者', { permission_codes: ['01', '010001', '02'] }),
  role('2', 'admin', '管理员'),
  role('3', 'bookkeeper', '记账员', { permission_codes: ['01', '010001', '010002', '02', '02000504'], member_count: 1 }),
  role('7', 'custom', '财务', {
    role_desc: '管钱的人',
    role_info: { price: '2', billing_type: 'PerPersonPerDay', role_name: '财务' },
    permission_codes: ['01', '02'],
    member_count: 0,
  }),
];
const [OWNER_ROLE, ADMIN_ROLE, KEEPER_ROLE] = ROLES as [Role, Role, Role, Role];

export const USERS: BookUsers = {
  pending_users: [],
  bookkeepers: [member('5', '小明', KEEPER_ROLE), member('1', '爸爸', OWNER_ROLE), member('2', '妈妈', ADMIN_ROLE, { is_me: true })],
  member_list: [{ id: '40', name: '奶奶' }],
  joined_number: 3,
};

export const request = (id: string, nickname: string, asked: Role | null, extra: Partial<MemberRequest> = {}): MemberRequest => ({
  id,
  book_id: '9',
  book_name: '家庭',
  user: user(`u${id}`, nickname),
  kind: 'apply',
  status: 'ToBeAuthorized',
  role: asked ? { role_id: asked.role_id, role_name: asked.role_name, role_desc: '' } : null,
  granted_role: null,
  remark: '',
  inviter: null,
  decided_by: null,
  urge_count: 0,
  urged_at: null,
  created_at: Date.UTC(2026, 1, 1),
  decided_at: null,
  in_book: false,
  ...extra,
});

export const REQUESTS = {
  to_be_accepted_list: [
    request('r1', '小红', { ...KEEPER_ROLE, role_name: '记账员' }, { remark: '我是表妹', urge_count: 2 }),
    request('r2', '小刚', null),
  ],
  accepted_list: [request('r0', '小李', null, { status: 'Rejected', decided_at: Date.UTC(2026, 0, 20) })],
  joined_number: 3,
};

export const TREE: PermissionNode[] = [
  {
    code: '01',
    name: '记账与流水',
    status: '1',
    children: [
      { code: '010001', name: '记一笔', status: '1', children: [] },
      { code: '010002', name: '编辑和删除流水', status: '0', children: [] },
    ],
  },
  { code: '02', name: '基础', status: '1', children: [{ code: '02000504', name: '查看成员基础信息', status: '1', children: [] }] },
  { code: '11', name: '敏感信息', status: '0', children: [] },
  { code: '05', name: '账本管理', status: '0', children: [{ code: '05000101', name: '修改账本设置', status: '0', children: [] }] },
];

export const activity = (id: string, action: string, entity: string, after: unknown = null, before: unknown = null): Activity => ({
  id,
  user: user('2', '妈妈'),
  action,
  entity,
  entity_id: '100',
  before,
  after,
  at: Date.UTC(2026, 2, Number(id) % 28 || 1, 4, 5),
  target: null,
  names: {},
});

export interface Fake {
  granted: Set<string>;
  inviteSetting: InviteSetting;
  activities: Activity[][];
  fail: Set<string>;
}

/** What the mocked request wrapper answers, by path. */
export function answer(fake: Fake, url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  if (fake.fail.has(url)) throw new ApiError(0, -1, '网络连接失败');
  const method = o.method ?? 'POST';
  if (url.startsWith(BOOK_PATHS.book)) return { data: BOOK };
  if (url === MEMBER_PATHS.permissions) {
    const codes = String(o.data?.code ?? '').split(',');
    return { data: Object.fromEntries(codes.map((c) => [c, fake.granted.has(c) ? '1' : '0'])) };
  }
  if (url === MEMBER_PATHS.bookUsers) return { data: USERS };
  if (url === MEMBER_PATHS.requests) return { data: REQUESTS };
  if (url === MEMBER_PATHS.assignableRoles) return { data: ROLES.filter((r) => r.role_code !== 'owner') };
  if (url === MEMBER_PATHS.roles) return { data: ROLES };
  if (url.startsWith(`${MEMBER_PATHS.roles}/`)) {
    const found = ROLES.find((r) => url.endsWith(`/${r.role_id}`));
    if (!found) throw new ApiError(404, 404, '角色不存在');
    // As the server answers one role: whether the caller may edit it comes with the list.
    return { data: { ...found, editable: false } };
  }
  if (url === MEMBER_PATHS.permissionTree) return { data: TREE };
  if (url === MEMBER_PATHS.inviteSetting) return method === 'GET' ? { data: fake.inviteSetting } : { data: o.data };
  if (url === MEMBER_PATHS.activities) {
    const page = o.data?.cursor ? 1 : 0;
    const rows = fake.activities[page] ?? [];
    const more = page + 1 < fake.activities.length;
    return { data: rows, paging: { has_more: more, next_cursor: more ? rows[rows.length - 1]?.id : null } };
  }
  if (url.startsWith('/cab-service-ws/account-book/users/') && method === 'GET') {
    const m = USERS.bookkeepers.find((b) => url.endsWith(`/${b.user_id}`));
    return {
      data: { ...m, phone: '138****0000', record_count: 12, last_recorded_at: null, member_label: { id: '41', name: m?.nickname } },
    };
  }
  if (url.startsWith('/cab-user-ws/v5/account-book/invitation/members/')) {
    return { data: USERS.bookkeepers.find((b) => url.endsWith(`/${b.user_id}`)) };
  }
  if (method !== 'GET') return { data: {} };
  throw new Error(`unexpected ${method} ${url}`);
}
