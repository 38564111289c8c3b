import { FREE_CAPACITY_MB, IMAGE_MAX_BYTES, renderMessage, type CapacityInfo, type Locale } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import { sniffImage, type FileStorage } from '../../platform/storage.ts';
import type { ImagesRepository } from './images.repository.ts';
import { imageUrl, type ImageView } from './present-transaction.ts';

const MB = 1024 * 1024;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const mb = (bytes: number) => (bytes / MB).toFixed(2);

/**
 * Transaction images: uploaded into a book's cloud space (content sniffed, size and
 * quota checked), kept in private storage and read back only by the book's members.
 */
export class ImagesService {
  constructor(
    private readonly repo: ImagesRepository,
    private readonly storage: FileStorage,
  ) {}

  /** Each book's space before any rental; the cloud area adds rented space later. */
  private totalBytes(_bookId: string): number {
    return FREE_CAPACITY_MB * MB;
  }

  async capacity(bookId: string, locale: Locale): Promise<CapacityInfo> {
    const used = await this.repo.usedBytes(bookId);
    const total = this.totalBytes(bookId);
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
    const used = await this.repo.usedBytes(bookId);
    const total = this.totalBytes(bookId);
    if (used + bytes.length > total) throw new AppError('capacity.full', { used: mb(used), total: mb(total) });
    const key = await this.storage.putPrivate(`book-${bookId}`, ext, bytes);
    const row = await this.repo.insert({
      book_id: bookId,
      storage_key: key,
      content_type: TYPES[ext] ?? 'application/octet-stream',
      size_bytes: bytes.length,
      uploader_id: userId,
    });
    return { id: row.id, url: imageUrl(bookId, row.id), size: bytes.length };
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
