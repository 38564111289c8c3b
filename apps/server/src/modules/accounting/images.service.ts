import { IMAGE_MAX_BYTES, renderMessage, type CapacityInfo, type Locale } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import { sniffImage, type FileStorage } from '../../platform/storage.ts';
import type { ImagesRepository } from './images.repository.ts';
import { imageUrl, type ImageView } from './present-transaction.ts';

const MB = 1024 * 1024;

/** The space a book may use: its images' bytes and its total, or its sharing relation's (docs/cloud.md). */
export interface SpaceOf {
  usedBytes: number;
  totalBytes: number;
  /** The book whose row is the space's lock: the relation's main book, or the book itself. */
  mainBookId: string;
  bookIds: string[];
}

/** Where a book's space comes from: the cloud area (rented space and sharing). */
export interface SpaceQuota {
  of(db: Database, bookId: string): Promise<SpaceOf>;
  /** Runs `work` in one transaction holding the lock of the book's space, with the space as it is under it. */
  withLock<T>(bookId: string, work: (tx: Database, space: SpaceOf) => Promise<T>): Promise<T>;
}
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const mb = (bytes: number) => (bytes / MB).toFixed(2);

const full = (s: SpaceOf) => new AppError('capacity.full', { used: mb(s.usedBytes), total: mb(s.totalBytes) });

/**
 * Transaction images: uploaded into a book's cloud space (content sniffed, size and
 * quota checked), kept in private storage and read back only by the book's members.
 */
export class ImagesService {
  constructor(
    private readonly db: Database,
    private readonly repo: ImagesRepository,
    private readonly storage: FileStorage,
    private readonly space: SpaceQuota,
  ) {}

  async capacity(bookId: string, locale: Locale): Promise<CapacityInfo> {
    const { usedBytes: used, totalBytes: total } = await this.space.of(this.db, bookId);
    const full = used >= total;
    return {
      used: mb(used),
      total: mb(total),
      unit: 'MB',
      pic_upload_permit: full ? 'not_permit' : 'permit',
      tips_title: full ? renderMessage('capacity.notPermitted', locale) : '',
      tips_content: full ? renderMessage('capacity.full', locale, { used: mb(used), total: mb(total) }) : '',
    };
  }

  async upload(bookId: string, userId: string, bytes: Buffer) {
    if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('image.tooLarge', { max: IMAGE_MAX_BYTES / 1024 });
    const ext = sniffImage(bytes);
    if (!ext) throw new AppError('image.notImage');
    // Stored first, then checked and recorded under the space's lock: a refused upload's file is removed.
    const key = await this.storage.putPrivate(`book-${bookId}`, ext, bytes);
    try {
      const row = await this.space.withLock(bookId, async (tx, space) => {
        if (space.usedBytes + bytes.length > space.totalBytes) throw full(space);
        return this.repo.insert(tx, {
          book_id: bookId,
          storage_key: key,
          content_type: TYPES[ext] ?? 'application/octet-stream',
          size_bytes: bytes.length,
          uploader_id: userId,
        });
      });
      return { id: row.id, url: imageUrl(bookId, row.id), size: bytes.length };
    } catch (err) {
      await this.storage.removePrivate(key);
      throw err;
    }
  }

  async read(bookId: string, id: string): Promise<{ bytes: Buffer; contentType: string }> {
    const row = await this.repo.find(bookId, id);
    const bytes = row ? await this.storage.readPrivate(row.storage_key) : undefined;
    if (!row || !bytes) throw new AppError('image.notFound');
    return { bytes, contentType: row.content_type };
  }

  /** A new transaction takes its images; each must be a free upload of this book. */
  async attach(tx: Database, bookId: string, transactionId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await this.repo.available(tx, bookId, unique, null);
    if (found.length !== unique.length) throw new AppError('image.unknownInTransaction');
    await this.repo.attach(tx, bookId, transactionId, unique);
  }

  /** An edit names the transaction's images anew: kept ones stay, new ones are taken, dropped ones freed. */
  async replace(tx: Database, bookId: string, transactionId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length) {
      const found = await this.repo.available(tx, bookId, unique, transactionId);
      if (found.length !== unique.length) throw new AppError('image.unknownInTransaction');
    }
    await this.repo.detachExcept(tx, bookId, transactionId, unique);
    if (unique.length) await this.repo.attach(tx, bookId, transactionId, unique);
  }

  async forTransactions(db: Database, bookId: string, transactionIds: string[]): Promise<Map<string, ImageView[]>> {
    const rows = await this.repo.forTransactions(db, bookId, transactionIds);
    const m = new Map<string, ImageView[]>();
    for (const r of rows) {
      const list = m.get(r.transaction_id ?? '') ?? [];
      list.push({ id: r.id, size_bytes: r.size_bytes });
      m.set(r.transaction_id ?? '', list);
    }
    return m;
  }

  /** The clean-up job: unused uploads older than a day and images of deleted transactions go, files after rows. */
  async purge(now: number): Promise<number> {
    const due = await this.repo.removable(new Date(now - 86_400_000), 200);
    for (const img of due) {
      await this.repo.remove(img.book_id, img.id);
      await this.storage.removePrivate(img.storage_key);
    }
    return due.length;
  }
}
