/**
 * Importing history from other apps' files (issue 31, docs/imports.md): the paths and the
 * words both sides use. Zod-free for the web.
 */
export const IMPORT_PATHS = {
  /** The book's imports, newest first (GET); a new one from an uploaded file (POST, multipart). */
  imports: '/cab-accounting-ws/v2/account-book/imports',
  /** One import: where it stands (GET); cancelled before it is recorded (DELETE). */
  item: '/cab-accounting-ws/v2/account-book/imports/:id',
  /** A sheet of any shape: the user's column mapping, after which its rows are read. */
  columns: '/cab-accounting-ws/v2/account-book/imports/:id/columns',
  /** The rows read, as they will be recorded: records, skipped lines, problems or duplicates, by line. */
  rows: '/cab-accounting-ws/v2/account-book/imports/:id/rows',
  /** Records the rows with the user's choices of names and duplicates, in one background job. */
  commit: '/cab-accounting-ws/v2/account-book/imports/:id/commit',
} as const;

/** Where a file comes from: the choices of the import page, each with its converter on the server. */
export const IMPORT_SOURCES = ['alipay', 'wechat', 'suishouji', 'table', 'ofx', 'qif', 'beancount'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * How an import stands: 'columns' waits for a sheet's column mapping; 'reading' reads the
 * file's rows; 'ready' waits for the user's names and duplicates; 'committing' records
 * them (all or nothing); then 'done', 'failed' (its reason kept) or 'cancelled'.
 */
export const IMPORT_STATUSES = ['columns', 'reading', 'ready', 'committing', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const OPEN_IMPORT_STATUSES: readonly ImportStatus[] = ['columns', 'reading', 'ready', 'committing'];

/** The largest file an import takes (its zip opened counts too). */
export const IMPORT_FILE_MAX_MB = 32;
/** The most rows one import reads. */
export const IMPORT_ROWS_MAX = 200_000;
/** Names of a file the user may choose for at once (the commit's `names`). */
export const IMPORT_NAMES_MAX = 5000;

/** The dimensions a file's names map to. */
export const IMPORT_NAME_KINDS = ['category', 'account', 'member', 'merchant', 'project'] as const;
export type ImportNameKind = (typeof IMPORT_NAME_KINDS)[number];

/** The kinds of row an import's rows call answers. */
export const IMPORT_ROW_KINDS = ['row', 'skip', 'problem', 'duplicate'] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

/** Why a line of a file is not recorded though it reads fine. */
export const IMPORT_SKIP_REASONS = ['closed', 'empty', 'notRecord'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** What is wrong with a line that does not read. */
export const IMPORT_ROW_PROBLEMS = ['badDate', 'badAmount', 'missingValue', 'badType'] as const;
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];

/** How a row repeats a record: a trade id recorded before, the same time, amount and counterparty, or an earlier row of the file. */
export const IMPORT_DUPLICATES = ['ref', 'match', 'file'] as const;
export type ImportDuplicate = (typeof IMPORT_DUPLICATES)[number];

/** How a sheet's amounts say expense or income. */
export const AMOUNT_SIGNS = ['expenseNegative', 'expensePositive', 'typeColumn', 'twoColumns'] as const;
export type AmountSign = (typeof AMOUNT_SIGNS)[number];

/** How a file writes its dates when they are ambiguous; 'auto' reads year-first dates. */
export const IMPORT_DATE_FORMATS = ['auto', 'YMD', 'MDY', 'DMY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** The fields a sheet's columns may be mapped to (ColumnMapping's keys other than dateFormat and sign). */
export const MAPPED_FIELDS = [
  'time',
  'amount',
  'income',
  'expense',
  'type',
  'category',
  'subcategory',
  'account',
  'toAccount',
  'remark',
  'member',
  'merchant',
  'project',
  'currency',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
