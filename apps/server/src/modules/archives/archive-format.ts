/**
 * The book archive's shape (docs/archive.md): a zip of `tables/<name>.rows` (one JSON
 * string of PostgreSQL row text per line, in key order), `images/<key>` (the files), and
 * `manifest.json`, written last: its counts and checksums are those of the rows as they
 * were written, and a zip is read by its entries, in any order.
 */
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from '@cab/contracts';
import { z } from 'zod';

export const MANIFEST_ENTRY = 'manifest.json';
export const TABLES_DIR = 'tables/';
export const ROWS_SUFFIX = '.rows';
export const IMAGES_DIR = 'images/';

/** A private file's key as storage makes them ("book-12/<hex>.png"): nothing that could leave its folder. */
export const IMAGE_KEY = /^[a-z0-9_-]+\/[0-9a-f]{32}\.[a-z]{3,4}$/;
/** A table's name as the catalogue has it. */
const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The most one row line may be once inflated: a longer one is not one an export writes. */
export const MAX_LINE_BYTES = 16 * 2 ** 20;
/** The most the manifest may be. */
export const MAX_MANIFEST_BYTES = 64 * 2 ** 20;
/** The most one image may be once inflated (uploads are far smaller). */
export const MAX_IMAGE_BYTES = 64 * 2 ** 20;

const Checksum = z.string().regex(/^([0-9a-f]{32})?$/);

export const ArchiveTable = z.object({
  name: z.string().regex(TABLE_NAME),
  columns: z.array(z.object({ name: z.string().min(1).max(63), type: z.string().min(1).max(200) })).min(1),
  rows: z.number().int().nonnegative(),
  /** md5 of the row texts joined by "\n" in file order ('' for none): BookRows.checksum's sum. */
  checksum: Checksum,
});
export type ArchiveTable = z.infer<typeof ArchiveTable>;

const Id = z.string().regex(/^\d{1,19}$/);

export const ArchiveUser = z.object({ id: Id, nickname: z.string(), avatar_url: z.string() });
export type ArchiveUser = z.infer<typeof ArchiveUser>;

export const ArchiveImage = z.object({
  key: z.string().regex(IMAGE_KEY),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchiveImage = z.infer<typeof ArchiveImage>;

/** Read loosely first (format, version), so an archive from a newer CAB is told apart from a damaged one. */
export const ManifestHead = z.object({ format: z.literal(ARCHIVE_FORMAT), version: z.number().int().positive() });

export const Manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exported_at: z.string(),
  exported_by: Id,
  book: z.object({ id: Id, name: z.string(), template_code: z.string().nullable() }),
  /** The schema level it was made at: schema_migrations' names. */
  migrations: z.array(z.string()),
  tables: z.array(ArchiveTable),
  users: z.array(ArchiveUser),
  images: z.array(ArchiveImage),
  /** Keys the book's rows name whose file was already gone where the archive was made. */
  missing_images: z.array(z.string().regex(IMAGE_KEY)),
});
export type Manifest = z.infer<typeof Manifest>;

export const rowsEntry = (table: string) => `${TABLES_DIR}${table}${ROWS_SUFFIX}`;
export const imageEntry = (key: string) => `${IMAGES_DIR}${key}`;
