/** Messages of recording: transactions, their dimensions, images, cloud space and exchange rates. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const ACCOUNTING_MESSAGES = /* @__PURE__ */ (() => {
  const NF = ErrorCode.TRANSACTION_NOT_FOUND;
  const UNKNOWN = ErrorCode.DIMENSION_UNKNOWN;
  const REFUSED = ErrorCode.TRANSACTION_REFUSED;
  return {
    'transaction.notFound': { code: NF, 'zh-CN': '这笔账不存在或已被删除', en: 'this transaction does not exist or was deleted' },
    'transaction.someNotFound': {
      code: NF,
      'zh-CN': '有 {count} 笔账不存在或已被删除，没有删除任何账目',
      en: '{count} of the transactions do not exist or were deleted; nothing was deleted',
    },
    'transaction.forbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有记账的权限',
      en: 'your role in this book may not record transactions',
    },
    'transaction.editForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有修改账目的权限',
      en: 'your role in this book may not edit transactions',
    },
    'transaction.amountNotPositive': { code: REFUSED, 'zh-CN': '金额必须大于 0', en: 'the amount must be greater than 0' },
    'transaction.amountZero': { code: REFUSED, 'zh-CN': '金额不能为 0', en: 'the amount must not be 0' },
    'transaction.amountTooLarge': {
      code: REFUSED,
      'zh-CN': '金额不能超过 {max}',
      en: 'the amount must not exceed {max}',
    },
    'transaction.sameAccount': {
      code: REFUSED,
      'zh-CN': '转出账户和转入账户不能相同',
      en: 'a transfer needs two different accounts',
    },
    'transaction.categoryWrongType': {
      code: REFUSED,
      'zh-CN': '所选分类不是{type}分类',
      en: 'the category is not an {type} category',
    },
    'transaction.categoryNeeded': { code: REFUSED, 'zh-CN': '请选择分类', en: 'choose a category' },
    'transaction.typeUnchangeable': {
      code: REFUSED,
      'zh-CN': '只能在支出和收入之间切换类型',
      en: 'only an expense and an income can switch type',
    },
    'transaction.balanceUnchanged': {
      code: REFUSED,
      'zh-CN': '余额没有变化，无需记录',
      en: 'the balance is unchanged; nothing to record',
    },
    'transaction.tooManyImages': {
      code: REFUSED,
      'zh-CN': '每笔账最多 {max} 张图片',
      en: 'at most {max} images per transaction',
    },
    'transaction.timeOutOfRange': {
      code: REFUSED,
      'zh-CN': '记账时间不在可选范围内',
      en: 'the transaction time is out of range',
    },
    'transaction.noRate': {
      code: ErrorCode.CURRENCY_UNKNOWN,
      'zh-CN': '没有 {currency} 的汇率，暂时无法换算',
      en: 'no exchange rate for {currency}',
    },
    'transaction.idempotencyReused': {
      code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
      'zh-CN': '这个请求标识已用于另一笔不同的记录',
      en: 'this Idempotency-Key was already used for a different request',
    },
    'transaction.idempotencyKeyInvalid': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '请求标识格式不正确',
      en: 'the Idempotency-Key header must be 1 to 128 visible characters',
    },

    'transaction.refused': { code: REFUSED, 'zh-CN': '这笔账无法记录', en: 'this transaction cannot be recorded' },
    'dimension.unknown': { code: UNKNOWN, 'zh-CN': '所选项目不存在', en: 'a chosen item does not exist in this book' },
    'dimension.inUseGeneric': {
      code: ErrorCode.DIMENSION_IN_USE,
      'zh-CN': '还有账目在使用它，请先选择把这些账目转到哪里',
      en: 'transactions use it; choose where to move them first',
    },
    'currency.unsupported': { code: ErrorCode.CURRENCY_UNKNOWN, 'zh-CN': '不支持这个币种', en: 'unsupported currency' },
    'dimension.categoryUnknown': { code: UNKNOWN, 'zh-CN': '所选分类不存在', en: 'the category does not exist in this book' },
    'dimension.accountUnknown': { code: UNKNOWN, 'zh-CN': '所选账户不存在', en: 'the account does not exist in this book' },
    'dimension.memberUnknown': { code: UNKNOWN, 'zh-CN': '所选成员不存在', en: 'the member does not exist in this book' },
    'dimension.merchantUnknown': { code: UNKNOWN, 'zh-CN': '所选商家不存在', en: 'the merchant does not exist in this book' },
    'dimension.projectUnknown': { code: UNKNOWN, 'zh-CN': '所选项目不存在', en: 'the project does not exist in this book' },
    'dimension.notFound': { code: ErrorCode.NOT_FOUND, 'zh-CN': '要修改的项目不存在', en: 'no such item in this book' },
    'dimension.inUse': {
      code: ErrorCode.DIMENSION_IN_USE,
      'zh-CN': '还有 {count} 笔账在使用它，请先选择把这些账目转到哪里',
      en: '{count} transactions use it; choose where to move them first',
    },
    'dimension.moveTargetInvalid': {
      code: REFUSED,
      'zh-CN': '不能转到这里，请选择同类的其他项目',
      en: 'choose another item of the same kind to move the transactions to',
    },
    'dimension.parentInvalid': {
      code: REFUSED,
      'zh-CN': '只能添加到同类型的一级分类下',
      en: 'a subcategory goes under a first-level category of the same type',
    },
    'dimension.sortInvalid': {
      code: REFUSED,
      'zh-CN': '排序列表必须包含同一层级的全部项目',
      en: 'the order must list every item of one level exactly once',
    },
    'dimension.userMemberUndeletable': {
      code: REFUSED,
      'zh-CN': '账本用户对应的成员不能删除',
      en: 'a member that stands for a user of the book cannot be deleted',
    },
    'dimension.lastAccount': { code: REFUSED, 'zh-CN': '账本至少要保留一个账户', en: 'a book keeps at least one account' },
    'dimension.currencyLocked': {
      code: REFUSED,
      'zh-CN': '账户已有账目，不能修改币种',
      en: 'an account with transactions cannot change its currency',
    },
    'dimension.manageForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '只有账本创建者或管理员可以删除分类、账户、成员、商家和项目',
      en: 'only the owner or an admin may delete categories, accounts, members, merchants and projects',
    },

    'image.notImage': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '只能上传 PNG、JPEG、GIF 或 WebP 图片',
      en: 'only PNG, JPEG, GIF or WebP images can be uploaded',
    },
    'image.tooLarge': { code: ErrorCode.BODY_TOO_LARGE, 'zh-CN': '图片不能超过 {max} KB', en: 'an image must be at most {max} KB' },
    'image.missing': { code: ErrorCode.VALIDATION, 'zh-CN': '请选择要上传的图片', en: 'no file in the upload' },
    'image.notMultipart': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '请以 multipart/form-data 上传图片',
      en: 'send the image as multipart/form-data',
    },
    'image.notFound': { code: ErrorCode.IMAGE_NOT_FOUND, 'zh-CN': '图片不存在', en: 'no such image' },
    'image.unknownInTransaction': {
      code: UNKNOWN,
      'zh-CN': '有图片不存在或不属于这个账本，请重新上传',
      en: 'an image does not exist in this book; upload it again',
    },
    'capacity.notPermitted': {
      code: ErrorCode.CAPACITY_EXCEEDED,
      'zh-CN': '不允许上传图片',
      en: 'not allowed to upload pictures',
    },
    'capacity.full': {
      code: ErrorCode.CAPACITY_EXCEEDED,
      'zh-CN': '账本云空间已用完（{used}/{total} MB），请清理图片或扩容后再上传',
      en: "the book's cloud space is full ({used}/{total} MB); remove images or rent more space",
    },
    'currency.unknown': { code: ErrorCode.CURRENCY_UNKNOWN, 'zh-CN': '不支持币种 {currency}', en: 'unknown currency {currency}' },
  } as const satisfies Record<
    `transaction.${string}` | `dimension.${string}` | `image.${string}` | `capacity.${string}` | `currency.${string}`,
    MessageDef
  >;
})();
