/** Messages of the statistics and search calls, and of a book's report settings. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const STATISTICS_MESSAGES = /* @__PURE__ */ (() => {
  const V = ErrorCode.VALIDATION;
  return {
    'statistics.startAfterEnd': { code: V, 'zh-CN': '开始时间不能晚于结束时间', en: 'the start time must not be after the end time' },
    'statistics.groupIdInvalid': {
      code: V,
      'zh-CN': '分组编号 {id} 不正确',
      en: 'group id {id} is not valid for its group key',
    },
    'statistics.showAllNeedsRange': {
      code: V,
      'zh-CN': '按时间显示全部分组时需要指定时间范围',
      en: 'show_all over time groups needs a time range',
    },
    'statistics.tooManyPeriods': {
      code: V,
      'zh-CN': '时间范围太大，最多显示 {max} 个时间段',
      en: 'the range holds more than {max} periods',
    },
    'statistics.timeZoneUnknown': { code: V, 'zh-CN': '不支持这个时区', en: 'unknown time zone' },
  } as const satisfies Record<`statistics.${string}`, MessageDef>;
})();
