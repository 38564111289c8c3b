import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

/** The message center's refusals (issue 14). */
export const MESSAGE_CENTER_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'message.notFound': { code: ErrorCode.MESSAGE_NOT_FOUND, 'zh-CN': '消息不存在或已删除', en: 'no such message' },
    'message.reportDuplicate': {
      code: ErrorCode.CONFLICT,
      'zh-CN': '你已经举报过了，我们会尽快处理',
      en: 'you have already reported this; it is waiting for review',
    },
    'message.reportTooOften': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '举报太频繁了，请稍后再试',
      en: 'too many reports; try again later',
    },
  }) as const satisfies Record<`message.${string}`, MessageDef>)();
