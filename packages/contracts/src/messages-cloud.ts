/** Messages of the cloud area: rented space, sharing it between books, function applies. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const CLOUD_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'cloud.forbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有租用云空间的权限',
      en: 'your role in this book may not rent or share its cloud space',
    },
    'cloud.notSpace': { code: ErrorCode.NOT_ON_SALE, 'zh-CN': '这不是云空间套餐', en: 'this is not a cloud space package' },
    'cloud.isSpace': {
      code: ErrorCode.NOT_ON_SALE,
      'zh-CN': '云空间套餐请在「我的空间」中购买',
      en: 'cloud space packages are bought on the cloud space page',
    },
    'cloud.grantNotFound': { code: ErrorCode.SPACE_GRANT_NOT_FOUND, 'zh-CN': '没有找到这份云空间', en: 'no such cloud space in this book' },
    'cloud.grantEnded': {
      code: ErrorCode.SPACE_GRANT_ENDED,
      'zh-CN': '这份云空间已于 {date} 到期',
      en: 'this cloud space ended on {date}',
    },
    'cloud.grantEndedGeneric': { code: ErrorCode.SPACE_GRANT_ENDED, 'zh-CN': '这份云空间已到期', en: 'this cloud space has ended' },
    'cloud.shareRefused': { code: ErrorCode.SHARE_REFUSED, 'zh-CN': '不能这样共享空间', en: 'space cannot be shared this way' },
    'cloud.shareSelf': { code: ErrorCode.SHARE_REFUSED, 'zh-CN': '账本不能共享自己的空间', en: 'a book cannot share its own space' },
    'cloud.shareMainBusy': {
      code: ErrorCode.SHARE_REFUSED,
      'zh-CN': '这个账本的空间正被其他账本共享，不能再去共享别的账本',
      en: 'other books share this book’s space: it cannot share another book’s',
    },
    'cloud.shareTargetSharing': {
      code: ErrorCode.SHARE_REFUSED,
      'zh-CN': '对方账本自己在共享别的账本的空间，不能被共享',
      en: 'that book itself shares another book’s space: it cannot be shared',
    },
    'cloud.shareNoSpace': {
      code: ErrorCode.SHARE_REFUSED,
      'zh-CN': '对方账本没有生效中的租用空间',
      en: 'that book has no rented space in effect',
    },
    'cloud.shareExists': {
      code: ErrorCode.SHARE_EXISTS,
      'zh-CN': '这个账本已经申请或正在共享空间，请先处理原来的',
      en: 'this book has already applied to share, or shares, a space: settle that first',
    },
    'cloud.applyNotFound': {
      code: ErrorCode.SHARE_NOT_FOUND,
      'zh-CN': '没有找到待处理的共享申请',
      en: 'no open request to share this book’s space',
    },
    'cloud.notTied': {
      code: ErrorCode.SHARE_NOT_FOUND,
      'zh-CN': '这个账本没有在共享空间',
      en: 'this book does not share space with that book',
    },
    'cloud.functionUnknown': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '没有这个功能',
      en: 'no such function',
    },
    'cloud.functionApplied': {
      code: ErrorCode.FUNCTION_APPLY_EXISTS,
      'zh-CN': '你已经申请过了，请等待审核结果',
      en: 'you have applied already: wait for the review',
    },
    'cloud.functionApproved': {
      code: ErrorCode.FUNCTION_APPLY_EXISTS,
      'zh-CN': '这个功能已经为你开通',
      en: 'this function is open to you already',
    },
  }) as const satisfies Record<`cloud.${string}`, MessageDef>)();
