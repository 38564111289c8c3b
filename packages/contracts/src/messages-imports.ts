/** Messages of importing files (docs/imports.md). */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const IMPORT_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'import.notFound': { code: ErrorCode.IMPORT_NOT_FOUND, 'zh-CN': '没有找到这次导入', en: 'no such import in this book' },
    'import.fileMissing': { code: ErrorCode.VALIDATION, 'zh-CN': '请选择要导入的文件', en: 'choose a file to import' },
    'import.notMultipart': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '文件要以 multipart/form-data 上传',
      en: 'upload the file as multipart/form-data',
    },
    'import.tooLarge': {
      code: ErrorCode.BODY_TOO_LARGE,
      'zh-CN': '文件太大：最大 {max} MB',
      en: 'the file is too large: at most {max} MB',
    },
    'import.file.empty': { code: ErrorCode.IMPORT_FILE_REFUSED, 'zh-CN': '文件是空的', en: 'the file is empty' },
    'import.file.encoding': {
      code: ErrorCode.IMPORT_FILE_REFUSED,
      'zh-CN': '读不出文件的文字：请存为 UTF-8 或 GBK 编码',
      en: 'the file’s text cannot be read: save it as UTF-8 or GBK',
    },
    'import.file.unknownFormat': {
      code: ErrorCode.IMPORT_FILE_REFUSED,
      'zh-CN': '认不出这个文件：应有这些列：{expected}',
      en: 'this file is not recognised: it should have these columns: {expected}',
    },
    'import.file.passwordNeeded': {
      code: ErrorCode.IMPORT_PASSWORD,
      'zh-CN': '这个压缩包有密码，请输入解压密码',
      en: 'this zip has a password: type it in',
    },
    'import.file.passwordWrong': { code: ErrorCode.IMPORT_PASSWORD, 'zh-CN': '解压密码不对', en: 'the zip’s password is wrong' },
    'import.file.badZip': {
      code: ErrorCode.IMPORT_FILE_REFUSED,
      'zh-CN': '压缩包损坏，或里面没有账单文件',
      en: 'the zip is broken or holds no bill file',
    },
    'import.file.tooLarge': {
      code: ErrorCode.BODY_TOO_LARGE,
      'zh-CN': '文件解开后太大：最大 {max} MB',
      en: 'the file is too large once opened: at most {max} MB',
    },
    'import.file.notTable': {
      code: ErrorCode.IMPORT_FILE_REFUSED,
      'zh-CN': '这不是表格文件（CSV、TSV 或 Excel）',
      en: 'this is not a table (CSV, TSV or Excel)',
    },
    'import.file.notText': { code: ErrorCode.IMPORT_FILE_REFUSED, 'zh-CN': '这不是文本文件', en: 'this is not a text file' },
    'import.file.tooManyRows': {
      code: ErrorCode.IMPORT_FILE_REFUSED,
      'zh-CN': '一次最多导入 {max} 行，请把文件分开导入',
      en: 'at most {max} rows import at once: split the file',
    },
    'import.file.again': {
      code: ErrorCode.IMPORT_FILE_REFUSED,
      'zh-CN': '读取被中断了，加密的压缩包需要重新上传',
      en: 'reading was cut off: upload the zip with its password again',
    },
    'import.file.gone': { code: ErrorCode.IMPORT_FILE_REFUSED, 'zh-CN': '文件已不在，请重新上传', en: 'the file is gone: upload it again' },
    'import.columnUnknown': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '文件中没有“{column}”这一列',
      en: 'the file has no column “{column}”',
    },
    'import.columnsNeeded': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '请选择日期列和金额列',
      en: 'choose the date column and the amount columns',
    },
    'import.notColumns': { code: ErrorCode.IMPORT_STATE, 'zh-CN': '这次导入不需要选择列', en: 'this import needs no column mapping' },
    'import.notReady': {
      code: ErrorCode.IMPORT_STATE,
      'zh-CN': '这次导入还没准备好，或已经开始记账',
      en: 'this import is not ready, or is being recorded already',
    },
    'import.finished': { code: ErrorCode.IMPORT_STATE, 'zh-CN': '这次导入已经结束', en: 'this import has ended' },
    'import.nothing': { code: ErrorCode.IMPORT_STATE, 'zh-CN': '没有可以导入的记录', en: 'there is nothing to record' },
    'import.alreadyImported': {
      code: ErrorCode.IMPORT_STATE,
      'zh-CN': '这个账单的交易已经导入过了',
      en: 'the trades of this bill were imported already',
    },
    'import.defaultNeeded': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '有些记录没有{kind}，请选一个默认的{kind}',
      en: 'some records have no {kind}: choose a default {kind}',
    },
    'import.choiceUnknown': {
      code: ErrorCode.DIMENSION_UNKNOWN,
      'zh-CN': '“{name}”对应的{kind}不在账本中',
      en: 'the {kind} chosen for “{name}” is not in the book',
    },
    'import.rowRefused': {
      code: ErrorCode.TRANSACTION_REFUSED,
      'zh-CN': '第 {line} 行记不了账：{reason}',
      en: 'line {line} cannot be recorded: {reason}',
    },
    'import.row.badDate': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '“{column}”不是日期：{value}',
      en: '“{column}” is not a date: {value}',
    },
    'import.row.badAmount': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '“{column}”不是金额：{value}',
      en: '“{column}” is not an amount: {value}',
    },
    'import.row.missingValue': { code: ErrorCode.VALIDATION, 'zh-CN': '缺少“{column}”{value}', en: '“{column}” is missing{value}' },
    'import.row.badType': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '“{column}”不是支出、收入或转账：{value}',
      en: '“{column}” is not an expense, income or transfer: {value}',
    },
    'import.interrupted': {
      code: ErrorCode.IMPORT_STATE,
      'zh-CN': '导入中断了，什么都没有记录，请再试一次',
      en: 'the import was cut off and nothing was recorded: try again',
    },
  }) as const satisfies Record<`import.${string}`, MessageDef>)();
