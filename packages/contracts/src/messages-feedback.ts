import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

/** Feedback's refusals (the mine page's 意见反馈). */
export const FEEDBACK_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'feedback.tooOften': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '反馈太频繁了，请稍后再试',
      en: 'too much feedback at once; try again later',
    },
  }) as const satisfies Record<`feedback.${string}`, MessageDef>)();
