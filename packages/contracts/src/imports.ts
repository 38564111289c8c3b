/**
 * The import calls' shapes (docs/imports.md). The upload is multipart: its fields are
 * read by `ImportUploadFields`, the file itself by the route.
 */
import { z } from 'zod';
import { Id, Text } from './common.ts';
import {
  AMOUNT_SIGNS,
  IMPORT_DATE_FORMATS,
  IMPORT_DUPLICATES,
  IMPORT_NAME_KINDS,
  IMPORT_NAMES_MAX,
  IMPORT_ROW_KINDS,
  IMPORT_SOURCES,
  IMPORT_STATUSES,
  MAPPED_FIELDS,
  type MappedField,
} from './imports-paths.ts';
import { TRADE_TYPES } from './accounting-rules.ts';

/** A column's name as a file writes it. */
const ColumnName = Text(100, { min: 1 });

/** A sheet's columns mapped to record fields: which column is which, how dates and signs read. */
export const ColumnMapping = z
  .object({
    ...(Object.fromEntries(MAPPED_FIELDS.map((f) => [f, ColumnName.optional()])) as Record<MappedField, z.ZodOptional<typeof ColumnName>>),
    time: ColumnName,
    dateFormat: z.enum(IMPORT_DATE_FORMATS),
    sign: z.enum(AMOUNT_SIGNS),
  })
  .strict();
export type ColumnMapping = z.output<typeof ColumnMapping>;

/** The multipart fields beside the file. */
export const ImportUploadFields = z.object({
  source: z.enum(IMPORT_SOURCES),
  /** A password-protected zip's password (never stored). */
  password: z.string().max(128).optional(),
  date_format: z.enum(IMPORT_DATE_FORMATS).optional(),
});
export type ImportUploadFields = z.input<typeof ImportUploadFields>;

export const ImportIdParams = z.object({ id: Id });

export const ImportColumnsRequest = z.object({ mapping: ColumnMapping, password: z.string().max(128).optional() });
export type ImportColumnsRequest = z.input<typeof ImportColumnsRequest>;

/** What a file's name is recorded as: a dimension of the book, a new one, or nothing (members, merchants and projects). */
export const ImportNameChoice = z.object({
  kind: z.enum(IMPORT_NAME_KINDS),
  name: Text(200, { min: 1 }),
  /** A category name's tree (the same name may be in both). */
  trade: z.enum(TRADE_TYPES).optional(),
  to: z.union([Id, z.literal('new'), z.literal('none')]),
});
export type ImportNameChoice = z.input<typeof ImportNameChoice>;

export const ImportCommitRequest = z.object({
  /** Names whose choice differs from the default (a match when the book has one, a new dimension otherwise). */
  names: z.array(ImportNameChoice).max(IMPORT_NAMES_MAX).default([]),
  /** Kinds of label left out whole (a bill may name thousands of merchants): none of its names is recorded. */
  skip_kinds: z
    .array(z.enum(['member', 'merchant', 'project']))
    .max(3)
    .default([]),
  /** For rows that name no account, or no category of their type. */
  account_id: Id.optional(),
  expense_category_id: Id.optional(),
  income_category_id: Id.optional(),
  /** Lines found to repeat a record that are recorded anyway. */
  include_duplicates: z
    .array(z.number().int().min(1).max(10_000_000))
    .max(IMPORT_NAMES_MAX * 40)
    .default([]),
});
export type ImportCommitRequest = z.input<typeof ImportCommitRequest>;

export const ImportRowsQuery = z.object({
  kind: z.enum(IMPORT_ROW_KINDS).default('row'),
  /** The last line of the page before. */
  after: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ImportRowsQuery = z.input<typeof ImportRowsQuery>;

const Named = z.object({ id: z.string(), name: z.string() });

/** A name of the file and what it would be recorded as by default. */
export const ImportName = z.object({
  kind: z.enum(IMPORT_NAME_KINDS),
  name: z.string(),
  trade: z.enum(TRADE_TYPES).nullable(),
  rows: z.number().int(),
  /** The book's dimension of that name, if any. */
  match: Named.nullable(),
});
export type ImportName = z.output<typeof ImportName>;

export const ImportView = z.object({
  id: z.string(),
  source: z.enum(IMPORT_SOURCES),
  file_name: z.string(),
  file_size: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  created_at: z.number(),
  finished_at: z.number().nullable(),
  counts: z.object({
    read: z.number().int(),
    skipped: z.number().int(),
    problem: z.number().int(),
    duplicate: z.number().int(),
    recorded: z.number().int(),
  }),
  /** While reading or recording: rows done of all (null total: not known yet). */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  /** Why it failed, in the caller's language. */
  error: z.object({ code: z.number(), message: z.string() }).nullable(),
  /** While 'columns': the sheet's header and first rows. */
  columns: z.object({ header: z.array(z.string()), header_line: z.number().int(), rows: z.array(z.array(z.string())) }).nullable(),
  mapping: ColumnMapping.nullable(),
  /** While 'ready': the file's names, and the defaults suggested for rows without one. */
  names: z.array(ImportName).nullable(),
  defaults: z
    .object({
      account: Named.nullable(),
      expense_category: Named.nullable(),
      income_category: Named.nullable(),
      /** Whether some rows name no account, or no category of that tree: the default is then used. */
      needs: z.object({ account: z.boolean(), expense_category: z.boolean(), income_category: z.boolean() }),
    })
    .nullable(),
});
export type ImportView = z.output<typeof ImportView>;
export const ImportResponse = z.object({ data: ImportView });
export const ImportListResponse = z.object({ data: z.array(ImportView) });

/** A row as read from the file, with what it repeats when it does. */
export const ImportRowView = z.object({
  /** The row's key: paging and kept duplicates name it. */
  line: z.number().int(),
  /** Where a person finds it: a workbook's sheet (1-based; null on the first or only one) and its row number there. */
  sheet: z.number().int().nullable(),
  row: z.number().int(),
  kind: z.enum(['row', 'skip', 'problem']),
  type: z.string().nullable(),
  /** Epoch ms in the book's zone. */
  time: z.number().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  category: z.string().nullable(),
  account: z.string().nullable(),
  to_account: z.string().nullable(),
  remark: z.string().nullable(),
  member: z.string().nullable(),
  merchant: z.string().nullable(),
  project: z.string().nullable(),
  counterparty: z.string().nullable(),
  external_id: z.string().nullable(),
  /** A skip's reason or a problem's kind. */
  reason: z.string().nullable(),
  /** A problem in the caller's language. */
  message: z.string().nullable(),
  duplicate: z.enum(IMPORT_DUPLICATES).nullable(),
  duplicate_of: z.string().nullable(),
});
export type ImportRowView = z.output<typeof ImportRowView>;
export const ImportRowsResponse = z.object({ data: z.array(ImportRowView), next: z.number().int().nullable() });
