/** Messages of books, their settings and preferences, and the template catalogue. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const BOOK_MESSAGES = /* @__PURE__ */ (() =>
  ({
    // Outsiders learn nothing about a book, so "not found" also covers "not yours".
    'book.notFound': { code: ErrorCode.BOOK_NOT_FOUND, 'zh-CN': '账本不存在或你已不在这个账本中', en: 'book not found' },
    'book.offline': { code: ErrorCode.BOOK_OFFLINE, 'zh-CN': '账本所在的云端暂时无法访问', en: "the book's cloud is offline" },
    'book.closed': { code: ErrorCode.BOOK_CLOSED, 'zh-CN': '账本已关闭', en: 'the book is closed' },
    'book.forbidden': { code: ErrorCode.FORBIDDEN, 'zh-CN': '你在这个账本中没有这项权限', en: 'your role in this book may not do this' },
    'book.deleteForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有删除账本的权限',
      en: 'your role in this book may not delete the book',
    },
    'book.settingsForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '只有账本创建者或管理员可以修改账本设置',
      en: 'only the owner or an admin may change the book settings',
    },
    'book.ownerCannotQuit': {
      code: ErrorCode.OWNER_CANNOT_QUIT,
      'zh-CN': '账本创建者不能退出账本，可以删除账本',
      en: 'the owner cannot quit the book; delete it instead',
    },
    'book.notNamed': { code: ErrorCode.VALIDATION, 'zh-CN': '请先选择账本', en: 'name the book: query id or Trading-Entity' },
    'book.preferenceNeedsBook': { code: ErrorCode.VALIDATION, 'zh-CN': '请先选择账本', en: 'book-level preferences need a Trading-Entity' },
    'book.coverUnknown': { code: ErrorCode.VALIDATION, 'zh-CN': '请从可选封面中选择', en: 'cover: not one of the cover materials' },

    'template.notFound': { code: ErrorCode.TEMPLATE_NOT_FOUND, 'zh-CN': '账本模板不存在', en: 'no such book template' },
    'template.reviewTooOften': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '评价改得太频繁了，请过几分钟再试',
      en: 'you have changed your reviews too often; try again in a few minutes',
    },
    'template.categoryNotFound': { code: ErrorCode.NOT_FOUND, 'zh-CN': '模板分类不存在', en: 'no such template category' },
  }) as const satisfies Record<`book.${string}` | `template.${string}`, MessageDef>)();
