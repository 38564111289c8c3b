import type { Book, Invitation, MemberRequest, Role } from '@cab/contracts/client';

/** An invitation link as `invitationV5` answers it (a review link of the book 家庭 by 妈妈), for tests. */
export function invitation(over: Partial<Invitation> = {}): Invitation {
  return {
    id: '1',
    invite_code: 'Ab3dEf6hIj9kLm2nOp5q',
    audit_type: 'NeedToBeReviewed',
    link_validity: 7,
    expire_at: Date.parse('2026-08-22T14:00:00+08:00'),
    book_info: { book_id: '9', book_name: '家庭', cover: '/static/covers/1.png', member_count: 3 },
    book: { id: '9', name: '家庭' },
    inviter: { user_id: '2', nickname: '妈妈', avatar_url: '' },
    role: null,
    role_vos: [
      { role_id: '3', role_name: '记账员', role_desc: '可以记账、编辑流水和查看报表' },
      { role_id: '4', role_name: '查看者', role_desc: '只能查看流水和报表' },
      { role_id: '-1', role_name: '由管理员分配', role_desc: '' },
    ],
    remark: '',
    created_at: Date.parse('2026-08-15T14:00:00+08:00'),
    ...over,
  };
}

/** A book as the lists and the detail answer it (家庭, owned by someone else, in Shanghai). */
export function book(over: Partial<Book> = {}): Book {
  return {
    id: '9',
    name: '家庭',
    book_name: '家庭',
    remark: '',
    icon: 'family',
    cover: '/static/covers/1.png',
    book_template_id: '1',
    trading_entity: '9',
    currency: 'CNY',
    member_count: 3,
    creator: { id: '2' },
    user_name: '妈妈',
    role_list: [{ role_id: '30', role_name: 'admin' }],
    user_type: '0',
    min_cover_url: '',
    raw_min_cover_url: '',
    images_url: [],
    created_at: 0,
    last_used_at: null,
    time_zone: 'Asia/Shanghai',
    date_gap: 1,
    day_gap: 1,
    ...over,
  };
}

/** A role the inviter may give. */
export function role(id: string, name: string, over: Partial<Role> = {}): Role {
  return {
    role_id: id,
    role_name: name,
    role_desc: '',
    role_code: 'custom',
    role_info: { price: '0', billing_type: 'PerDay', role_name: name },
    permission_codes: [],
    member_count: 0,
    editable: true,
    ...over,
  };
}

/** A request waiting on someone (an addition by phone, by default). */
export function memberRequest(over: Partial<MemberRequest> = {}): MemberRequest {
  return {
    id: '70',
    book_id: '9',
    book_name: '家庭',
    user: { user_id: '7', nickname: '我', avatar_url: '' },
    kind: 'add',
    status: 'ToBeAccepted',
    role: null,
    granted_role: null,
    remark: '',
    inviter: { user_id: '2', nickname: '妈妈', avatar_url: '' },
    decided_by: null,
    urge_count: 0,
    urged_at: null,
    created_at: 0,
    decided_at: null,
    in_book: false,
    ...over,
  };
}
