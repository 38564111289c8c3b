import type { Readable } from 'node:stream';
import { ARCHIVE_MAX_MB, ARCHIVE_SUFFIX, type ArchiveImportResult } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ArchiveExporter } from './archive-export.ts';
import type { ArchiveImporter } from './archive-import.ts';
import type { ArchiveRepository } from './archive.repository.ts';

const MAX_BYTES = ARCHIVE_MAX_MB * 1024 * 1024;

/** What no file system takes in a name, and the control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
/** RFC 5987's attr-char: what encodeURIComponent leaves, but ' ( ) and *. */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A book's lossless archive (docs/archive.md): the whole book as a download, and a new book from one. */
export class ArchiveService {
  constructor(
    private readonly repo: ArchiveRepository,
    private readonly exporter: ArchiveExporter,
    private readonly importer: ArchiveImporter,
    private readonly storage: FileStorage,
  ) {}

  /** The archive's stream and its download name ("家庭账本.cabbook.zip", with an ASCII fallback). */
  async export(bookId: string, ownerId: string): Promise<{ body: Readable; disposition: string }> {
    const { name } = await this.repo.templateCode(bookId);
    const safe = name.replace(UNSAFE, '_').trim() || 'book';
    const ascii = `book-${bookId}${ARCHIVE_SUFFIX}`;
    return {
      body: this.exporter.stream(bookId, ownerId),
      disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(`${safe}${ARCHIVE_SUFFIX}`)}`,
    };
  }

  /** Streams the upload to private storage first (never held), makes the book from it, and drops the file either way. */
  async import(userId: string, upload: Readable): Promise<ArchiveImportResult> {
    const stored = await this.storage.putPrivateStream('archives', 'zip', upload, MAX_BYTES);
    if (!stored) throw new AppError('archive.tooLarge', { max: ARCHIVE_MAX_MB });
    try {
      if (stored.size === 0) throw new AppError('archive.notArchive');
      return await this.importer.import(userId, stored.key);
    } finally {
      await this.storage.removePrivate(stored.key);
    }
  }
}
