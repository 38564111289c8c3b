/** Messages of members, roles, permissions and invitations. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const MEMBER_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'invitation.notFound': { code: ErrorCode.INVITATION_NOT_FOUND, 'zh-CN': '邀请链接不存在', en: 'no such invitation' },
    'invitation.expired': {
      code: ErrorCode.INVITATION_EXPIRED,
      'zh-CN': '邀请链接已过期或已被撤销，请向邀请人要新的链接',
      en: 'the invitation has expired or was revoked; ask for a new link',
    },
    'invitation.alreadyMember': {
      code: ErrorCode.ALREADY_MEMBER,
      'zh-CN': '你已经是这个账本的成员',
      en: 'you are already a member of this book',
    },
    'invitation.alreadyMemberOther': {
      code: ErrorCode.ALREADY_MEMBER,
      'zh-CN': '对方已经是这个账本的成员',
      en: 'this user is already a member of the book',
    },
    'invitation.pending': {
      code: ErrorCode.APPLICATION_PENDING,
      'zh-CN': '已有一条申请正在等待审核',
      en: 'an application is already waiting for review',
    },
    'invitation.codeWrong': { code: ErrorCode.INVITATION_CODE_WRONG, 'zh-CN': '邀请码不正确', en: 'wrong invitation code' },
    'invitation.codeNeeded': { code: ErrorCode.INVITATION_CODE_WRONG, 'zh-CN': '请输入邀请码', en: 'enter the invitation code' },
    'invitation.tooManyTries': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '尝试次数过多，请稍后再试',
      en: 'too many tries, please wait a while',
    },
    'invitation.urgeTooSoon': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '刚刚催过了，请 {minutes} 分钟后再催',
      en: 'you just urged; try again in {minutes} minutes',
    },
    'invitation.roleNotAllowed': {
      code: ErrorCode.ROLE_NOT_ALLOWED,
      'zh-CN': '这个邀请不能以所选角色加入',
      en: 'this invitation does not offer that role',
    },
    'invitation.roleNeeded': {
      code: ErrorCode.ROLE_NOT_ALLOWED,
      'zh-CN': '申请人请管理员分配角色，请选择一个角色',
      en: 'the applicant left the role to you: choose one',
    },
    'invitation.ownerRole': {
      code: ErrorCode.ROLE_NOT_ALLOWED,
      'zh-CN': '不能邀请或设置为创建者角色',
      en: 'nobody can be invited as, or given, the owner role',
    },
    'invitation.roleAboveYours': {
      code: ErrorCode.ROLE_NOT_ALLOWED,
      'zh-CN': '不能分配超出你自己权限的角色',
      en: 'you cannot hand out a role with more permissions than your own',
    },
    'invitation.singleRole': {
      code: ErrorCode.ROLE_NOT_ALLOWED,
      'zh-CN': '指定角色邀请只能选择一个角色',
      en: 'a designated-role invitation takes exactly one role',
    },
    'invitation.requestNotFound': {
      code: ErrorCode.MEMBER_REQUEST_NOT_FOUND,
      'zh-CN': '申请不存在或已处理',
      en: 'no such open application',
    },
    'invitation.userNotRegistered': {
      code: ErrorCode.USER_NOT_REGISTERED,
      'zh-CN': '这个手机号还没有注册，请先让对方登录一次',
      en: 'nobody has signed up with this phone number yet',
    },
    'invitation.blockOnlyDeclining': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '只有拒绝邀请时才能同时拒收这个账本的邀请',
      en: "a book's requests can only be blocked when declining one",
    },
    'invitation.addHourLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '添加成员太频繁了，请一小时后再试',
      en: 'too many members added lately; try again in an hour',
    },
    'invitation.addDayLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '今天添加成员的次数已达上限，请明天再试',
      en: 'the number of members that can be added today has been reached; try again tomorrow',
    },
    'invitation.addSelf': { code: ErrorCode.MEMBER_REFUSED, 'zh-CN': '不能添加自己', en: 'you cannot add yourself' },
    'invitation.forbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有邀请成员的权限',
      en: 'your role in this book may not invite members',
    },
    'invitation.approveForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有审批加入申请的权限',
      en: 'your role in this book may not approve applications',
    },

    'member.notFound': { code: ErrorCode.MEMBER_NOT_FOUND, 'zh-CN': '成员不存在或已离开账本', en: 'no such member in this book' },
    'member.refused': { code: ErrorCode.MEMBER_REFUSED, 'zh-CN': '不能这样修改成员', en: 'this change to members is not allowed' },
    'member.removeOwner': { code: ErrorCode.MEMBER_REFUSED, 'zh-CN': '不能移除账本创建者', en: 'the owner cannot be removed' },
    'member.removeSelf': {
      code: ErrorCode.MEMBER_REFUSED,
      'zh-CN': '不能移除自己，请使用退出账本',
      en: 'you cannot remove yourself; quit the book instead',
    },
    'member.ownRole': { code: ErrorCode.MEMBER_REFUSED, 'zh-CN': '不能修改自己的角色', en: 'you cannot change your own role' },
    'member.ownerRole': { code: ErrorCode.MEMBER_REFUSED, 'zh-CN': '不能修改创建者的角色', en: "the owner's role cannot be changed" },
    'member.aboveYou': {
      code: ErrorCode.MEMBER_REFUSED,
      'zh-CN': '对方的权限超出你的权限，不能操作',
      en: 'this member holds permissions you do not; you cannot change them',
    },
    'member.removeForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有移除成员的权限',
      en: 'your role in this book may not remove members',
    },

    'role.notFound': { code: ErrorCode.ROLE_NOT_FOUND, 'zh-CN': '角色不存在', en: 'no such role in this book' },
    'role.inUse': {
      code: ErrorCode.ROLE_IN_USE,
      'zh-CN': '还有 {count} 位成员是这个角色，请先为他们换一个角色',
      en: '{count} members still hold this role; give them another role first',
    },
    'role.inUseGeneric': { code: ErrorCode.ROLE_IN_USE, 'zh-CN': '还有成员是这个角色', en: 'members still hold this role' },
    'role.ownerFixed': { code: ErrorCode.MEMBER_REFUSED, 'zh-CN': '创建者角色不能修改或删除', en: 'the owner role cannot be changed' },
    'role.systemKept': {
      code: ErrorCode.MEMBER_REFUSED,
      'zh-CN': '默认角色不能删除，可以修改它的权限',
      en: 'a default role cannot be deleted; change its permissions instead',
    },
    'role.nameTaken': { code: ErrorCode.CONFLICT, 'zh-CN': '已有同名角色', en: 'a role with this name already exists' },
    'role.tooMany': {
      code: ErrorCode.MEMBER_REFUSED,
      'zh-CN': '一个账本最多有 {max} 个角色',
      en: 'a book has at most {max} roles',
    },
    'role.forbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有编辑角色的权限',
      en: 'your role in this book may not edit roles',
    },
  }) as const satisfies Record<`invitation.${string}` | `member.${string}` | `role.${string}`, MessageDef>)();
