import { z } from 'zod';
import { Id } from './common.ts';
import { MIGRATION_TYPES } from './zones-paths.ts';

/**
 * The server-to-server calls between the public zone and a private one (docs/zones.md,
 * "The server-to-server API"); never called by the app. Rows travel as PostgreSQL row text
 * (the backup's form), so no value passes through a JavaScript number.
 */
const RowText = z.string().max(4 * 1024 * 1024);
const TableName = z.string().regex(/^[a-z_]{1,63}$/);
const KeyText = z.array(z.string().max(200)).min(1).max(4);

export const LinkHealthResponse = z.object({
  data: z.object({ zone_id: z.string().nullable(), env: z.string(), version: z.string(), books: z.number().int() }),
});

export const ImportBeginBody = z.object({
  migration_id: Id,
  book_id: Id,
  migration_type: z.enum(MIGRATION_TYPES),
  tables_total: z.number().int().min(1).max(1000),
  rows_total: z.number().int().min(0).max(1_000_000_000),
  images_total: z.number().int().min(0).max(100_000_000),
});
export type ImportBeginBody = z.infer<typeof ImportBeginBody>;

export const ImportRowsBody = z.object({
  migration_id: Id,
  table: TableName,
  rows: z.array(RowText).max(5000),
  /** The key of the chunk's last row (null: the table is done), and how many tables are done. */
  last: KeyText.nullable(),
  tables_done: z.number().int().min(0).max(1000),
});
export type ImportRowsBody = z.infer<typeof ImportRowsBody>;

export const ImportImageBody = z.object({
  migration_id: Id,
  key: z.string().regex(/^[a-z0-9_-]+\/[0-9a-f]{32}\.[a-z]{3,4}$/),
  /** The file's bytes, base64. */
  data: z.string().max(12 * 1024 * 1024),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ImportImageBody = z.infer<typeof ImportImageBody>;

/** '#images': the digest of the book's files ("key:sha256" lines in key order). */
export const IMAGES_TABLE = '#images';
export const ImportVerifyBody = z.object({ migration_id: Id, table: z.union([TableName, z.literal(IMAGES_TABLE)]) });
export const ImportVerifyResponse = z.object({ data: z.object({ count: z.number().int(), sum: z.string() }) });
export const MigrationRef = z.object({ migration_id: Id });
/** The sender gives up: why, kept with the move on this side too. */
export const ImportAbortBody = z.object({ migration_id: Id, error: z.string().max(1000).optional() });
export const ExportBeginBody = z.object({ migration_id: Id, book_id: Id });

/** A book's directory entry as its zone holds it: its row, roles and members (row text). */
export const DirectoryBody = z.object({ book_id: Id });
export const DirectoryResponse = z.object({
  data: z.object({ books: z.array(RowText), book_roles: z.array(RowText), book_users: z.array(RowText) }),
});

/** Every table of a book (users included) and '#images': count and checksum. */
export const ChecksumsResponse = z.object({
  data: z.record(z.string(), z.object({ count: z.number().int(), sum: z.string() })),
});
