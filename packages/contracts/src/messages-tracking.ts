/** Messages of the behaviour-event collector (docs/host.md, "Tracking"). */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const TRACKING_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'tracking.badContent': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '埋点数据格式不正确',
      en: 'the tracking batch is not one the collector takes',
    },
    'tracking.badTime': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '埋点事件的时间不对',
      en: 'a tracking event’s time is too far from now',
    },
  }) as const satisfies Record<`tracking.${string}`, MessageDef>)();
