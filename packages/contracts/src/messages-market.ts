import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

/** The market's content, home tags and operations (issue 13). */
export const MARKET_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'content.notFound': { code: ErrorCode.CONTENT_NOT_FOUND, 'zh-CN': '内容不存在或已下架', en: 'no such article or video' },
    'content.tagNotFound': { code: ErrorCode.TAG_NOT_FOUND, 'zh-CN': '标签不存在', en: 'no such tag' },
  }) as const satisfies Record<`content.${string}`, MessageDef>)();
