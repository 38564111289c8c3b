/** Messages of a book's archive: exporting it whole and importing it as a new book (docs/archive.md). */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const ARCHIVE_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'archive.notMultipart': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '账本存档要以 multipart/form-data 上传',
      en: 'upload the book archive as multipart/form-data',
    },
    'archive.fileMissing': { code: ErrorCode.VALIDATION, 'zh-CN': '请选择账本存档文件', en: 'choose a book archive file' },
    'archive.tooLarge': {
      code: ErrorCode.BODY_TOO_LARGE,
      'zh-CN': '账本存档太大：最大 {max} MB',
      en: 'the book archive is too large: at most {max} MB',
    },
    'archive.notArchive': {
      code: ErrorCode.ARCHIVE_REFUSED,
      'zh-CN': '这不是 CAB 账本存档',
      en: 'this is not a CAB book archive',
    },
    'archive.damaged': {
      code: ErrorCode.ARCHIVE_REFUSED,
      'zh-CN': '账本存档已损坏（{part}），没有导入任何内容',
      en: 'the book archive is damaged ({part}); nothing was imported',
    },
    'archive.entryTooLarge': {
      code: ErrorCode.ARCHIVE_REFUSED,
      'zh-CN': '账本存档中的 {part} 解压后过大，没有导入任何内容',
      en: '{part} in the book archive inflates too far; nothing was imported',
    },
    'archive.newer': {
      code: ErrorCode.ARCHIVE_NEWER,
      'zh-CN': '这个账本存档来自更新版本的 CAB：请先升级本服务器',
      en: 'this book archive comes from a newer CAB: upgrade this server first',
    },
  }) as const satisfies Record<`archive.${string}`, MessageDef>)();
