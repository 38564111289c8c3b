/**
 * Messages of a verification code the SMS provider did not take (docs/sms.md). They
 * say what the user can do, never what the provider answered: that goes to the log.
 */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const SMS_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'sms.phoneRefused': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '这个手机号暂时收不到验证码，请换一个号码',
      en: 'this number cannot receive verification codes; try another number',
    },
    'sms.providerLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '这个手机号获取验证码太频繁了，请稍后再试',
      en: 'too many codes were sent to this number; try again later',
    },
    'sms.unavailable': {
      code: ErrorCode.UNAVAILABLE,
      'zh-CN': '验证码暂时发送不了，请 1 分钟后重试',
      en: 'verification codes cannot be sent right now; try again in a minute',
    },
  }) as const satisfies Record<`sms.${string}`, MessageDef>)();
