import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from '@cab/contracts';
import { configure, TextReader, ZipWriter } from '@zip.js/zip.js';
import type { Clock } from '../../platform/clock.ts';
import { BackupRepository } from '../../platform/backup/backup.repository.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { USERS, type BookRows } from '../zones/book-rows.ts';
import {
  imageEntry,
  MANIFEST_ENTRY,
  rowsEntry,
  type ArchiveImage,
  type ArchiveTable,
  type ArchiveUser,
  type Manifest,
} from './archive-format.ts';
import type { ArchiveRepository } from './archive.repository.ts';

// Node has no web workers to hand; the codecs run in the request's own thread.
configure({ useWebWorkers: false });

const encoder = new TextEncoder();

/**
 * Writes a book's archive as a zip stream (docs/archive.md): each table's rows read in key
 * order by chunks and written as they come, then each image file streamed from storage,
 * then the manifest with the counts and checksums of what was written. Nothing holds the
 * whole book: at most a chunk of rows, or a piece of a file.
 */
export class ArchiveExporter {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rows: BookRows,
    private readonly repo: ArchiveRepository,
    private readonly storage: FileStorage,
  ) {}

  /** The archive's bytes as a stream; an error part way fails the stream (the download breaks, never ends "complete"). */
  stream(bookId: string, ownerId: string): Readable {
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    const writer = new ZipWriter(pipe.writable, { level: 6, keepOrder: true });
    void this.write(writer, bookId, ownerId).catch(async (err: unknown) => {
      await pipe.writable.abort(err).catch(() => undefined);
    });
    return Readable.fromWeb(pipe.readable as NodeReadableStream<Uint8Array>);
  }

  private async write(writer: ZipWriter<unknown>, bookId: string, ownerId: string): Promise<void> {
    const { ordered } = await this.rows.catalogue();
    const tables: ArchiveTable[] = [];
    for (const t of ordered) {
      const name = t.info.name;
      const state = { rows: 0, hash: crypto.createHash('md5') };
      await writer.add(rowsEntry(name), this.tableStream(bookId, name, state));
      tables.push({
        name,
        columns: t.info.columns.map((c) => ({ name: c.name, type: c.type })),
        rows: state.rows,
        checksum: state.rows ? state.hash.digest('hex') : '',
      });
    }
    const { images, missing } = await this.writeImages(writer, bookId);
    const book = await this.repo.templateCode(bookId);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exported_at: new Date(this.clock.now()).toISOString(),
      exported_by: ownerId,
      book: { id: bookId, name: book.name, template_code: book.template_code },
      migrations: (await new BackupRepository(this.db).migrationNames()) ?? [],
      tables,
      users: await this.users(bookId),
      images,
      missing_images: missing,
    };
    await writer.add(MANIFEST_ENTRY, new TextReader(JSON.stringify(manifest, null, 1)));
    await writer.close();
  }

  /** A table's rows as lines (each row text JSON-encoded: it may hold newlines), md5 over the row texts joined by "\n". */
  private tableStream(bookId: string, table: string, state: { rows: number; hash: crypto.Hash }): ReadableStream<Uint8Array> {
    let after: string[] | null = null;
    let done = false;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (done) return controller.close();
        const chunk = await this.rows.readChunk(bookId, table, after);
        if (chunk.rows.length) {
          for (const row of chunk.rows) {
            if (state.rows++) state.hash.update('\n');
            state.hash.update(row);
          }
          controller.enqueue(encoder.encode(chunk.rows.map((r) => `${JSON.stringify(r)}\n`).join('')));
        }
        if (chunk.last === null || chunk.rows.length === 0) {
          done = true;
          controller.close();
        }
        after = chunk.last;
      },
    });
  }

  private async writeImages(writer: ZipWriter<unknown>, bookId: string): Promise<{ images: ArchiveImage[]; missing: string[] }> {
    const images: ArchiveImage[] = [];
    const missing: string[] = [];
    const seen = new Set<string>();
    for (let after: string | null = null; ;) {
      const page = await this.rows.imageKeys(bookId, after, 200);
      for (const img of page) {
        if (seen.has(img.key)) continue;
        seen.add(img.key);
        const file = await this.storage.openPrivate(img.key);
        if (!file) {
          missing.push(img.key);
          continue;
        }
        const hash = crypto.createHash('sha256');
        let size = 0;
        const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        const counted = new ReadableStream<Uint8Array>({
          pull: async (controller) => {
            const next = await chunks.next();
            if (next.done) return controller.close();
            hash.update(next.value);
            size += next.value.length;
            controller.enqueue(new Uint8Array(next.value));
          },
          cancel: () => void file.destroy(),
        });
        // Images are compressed already: stored, not deflated again.
        await writer.add(imageEntry(img.key), counted, { level: 0 });
        images.push({ key: img.key, size, sha256: hash.digest('hex') });
      }
      if (page.length < 200) break;
      after = page.at(-1)!.id;
    }
    return { images, missing };
  }

  /** The public profile of everyone the book's rows name, as it was. */
  private async users(bookId: string): Promise<ArchiveUser[]> {
    const users: ArchiveUser[] = [];
    for (let after: string[] | null = null; ;) {
      const chunk = await this.rows.readChunk(bookId, USERS, after);
      for (const row of chunk.rows) {
        const u = JSON.parse(row) as { id: string; nickname: string; avatar_url: string | null };
        users.push({ id: u.id, nickname: u.nickname, avatar_url: u.avatar_url ?? '' });
      }
      if (chunk.last === null || chunk.rows.length === 0) return users;
      after = chunk.last;
    }
  }
}
