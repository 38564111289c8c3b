/** Messages of exporting a book's records (docs/exports.md). */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const EXPORT_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'export.tooManyRows': {
      code: ErrorCode.EXPORT_TOO_LARGE,
      'zh-CN': '记录超过 {max} 条，Excel 一次最多导出 {max} 条：请改用 CSV，或缩小筛选范围',
      en: 'more than {max} records match, and Excel takes at most {max} at once: export as CSV, or narrow the filter',
    },
    'export.tooLarge': {
      code: ErrorCode.EXPORT_TOO_LARGE,
      'zh-CN': '记录太多，无法导出为 Excel：请改用 CSV，或缩小筛选范围',
      en: 'too many records for Excel: export as CSV, or narrow the filter',
    },
  }) as const satisfies Record<`export.${string}`, MessageDef>)();
