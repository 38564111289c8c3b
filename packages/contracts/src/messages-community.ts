import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

/** The book's community (issue 14, docs/community.md). */
export const COMMUNITY_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'community.threadNotFound': { code: ErrorCode.THREAD_NOT_FOUND, 'zh-CN': '帖子不存在或已删除', en: 'no such post, or it was deleted' },
    'community.commentNotFound': { code: ErrorCode.COMMENT_NOT_FOUND, 'zh-CN': '评论不存在或已删除', en: 'no such comment on this post' },
    'community.editForbidden': { code: ErrorCode.FORBIDDEN, 'zh-CN': '只能编辑自己发的帖子', en: 'you can only edit your own posts' },
    'community.deleteForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '只有作者或账本管理员可以删除这个帖子',
      en: "only the author or the book's managers can delete this post",
    },
    'community.pinForbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '只有账本管理员可以设置公告',
      en: "only the book's managers can pin notices",
    },
    'community.postTooOften': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '发得太频繁了，请过一分钟再试',
      en: 'you are posting too often; try again in a minute',
    },
  }) as const satisfies Record<`community.${string}`, MessageDef>)();
