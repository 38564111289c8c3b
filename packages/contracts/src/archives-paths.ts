/**
 * A book's lossless archive (docs/archive.md): the paths, the format's name and version,
 * and the upload limit both sides know. Zod-free for the web.
 */
export const ARCHIVE_PATHS = {
  /** The Trading-Entity book as a zip of its rows and images: its owner only (it holds the members and the activity log). */
  export: '/cab-accounting-ws/v2/account-book/archive',
  /** A new book of the caller's from an archive (multipart: "file"); not book-scoped: the book does not exist yet. */
  import: '/cab-accounting-ws/v2/account-books/archive',
} as const;

export const ARCHIVE_FORMAT = 'cab-book-archive';
/** The archive's format version this code writes and reads up to. */
export const ARCHIVE_VERSION = 1;
/** The largest archive an import takes, in MB (the upload is streamed to storage, never held). */
export const ARCHIVE_MAX_MB = 512;
/** The name an archive is downloaded under, after the book's name: "家庭账本.cabbook.zip". */
export const ARCHIVE_SUFFIX = '.cabbook.zip';

/** What an import made: the new book, the rows it got per table, and its images. */
export interface ArchiveImportResult {
  book_id: string;
  name: string;
  rows: Record<string, number>;
  images: number;
}
