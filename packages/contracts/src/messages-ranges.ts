/** Messages of the numbers a client sends: page cursors and times out of range. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';
import { TIME_RANGE_YEARS as Y } from './time-range.ts';

export const RANGE_MESSAGES = /* @__PURE__ */ (() => {
  const V = ErrorCode.VALIDATION;
  return {
    'cursor.invalid': {
      code: V,
      'zh-CN': '翻页标记无效，请从第一页重新加载',
      en: 'the page cursor is not valid; load from the first page',
    },
    'time.outOfRange': {
      code: V,
      'zh-CN': `{field}须在 ${Y.first} 年至 ${Y.last} 年之间`,
      en: `{field} must be between the years ${Y.first} and ${Y.last}`,
    },
  } as const satisfies Record<`${'cursor' | 'time'}.${string}`, MessageDef>;
})();
