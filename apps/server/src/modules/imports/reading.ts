import os from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { IMPORT_FILE_MAX_MB, IMPORT_ROWS_MAX, type ColumnMapping, type ImportDateFormat, type ImportSource } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { converterFor } from './converters.ts';
import type { ImportRow, ImportsRepository, Staging } from './imports.repository.ts';
import { ImportFileError } from './read/errors.ts';
import { readOutcomes } from './read/index.ts';
import type { ImportFile } from './read/input.ts';
import { toStaging } from './staging.ts';

/** How many rows go to the database in one statement while reading. */
const STAGE_ROWS = 1000;

export interface ImportOptions {
  mapping?: ColumnMapping;
  dateFormat?: ImportDateFormat;
}

export interface DriveOptions {
  leaseMs: number;
  owner?: string;
  log?: (msg: string, fields: object) => void;
}

/** An import's file in storage, opened afresh by each read of it. */
export function storedFile(storage: FileStorage, row: Pick<ImportRow, 'file_key' | 'file_name' | 'file_size'>): ImportFile {
  return {
    name: row.file_name,
    size: Number(row.file_size),
    open(): Readable {
      const out = new PassThrough();
      void (row.file_key ? storage.openPrivate(row.file_key) : Promise.resolve(undefined)).then(
        (s) => (s ? s.on('error', (e) => out.destroy(e)).pipe(out) : out.destroy(new ImportFileError('empty'))),
        (e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))),
      );
      return out;
    },
  };
}

/** A file problem as the caller is told it. */
export function fileRefusal(err: ImportFileError): AppError {
  if (err.problem === 'tooLarge') return new AppError('import.file.tooLarge', { max: IMPORT_FILE_MAX_MB });
  if (err.problem === 'unknownFormat') return new AppError('import.file.unknownFormat', { expected: String(err.params.expected ?? '') });
  return AppError.stored(`import.file.${err.problem}`, err.params);
}

/**
 * The reading of an import (docs/imports.md, "Reading"): the file's outcomes staged in
 * batches, counted as they go, then the refunds and duplicates worked out and the import
 * made ready. A reading that dies part-way is started again by the next driver from the
 * top (its rows cleared first): reading changes nothing but the import's own rows.
 */
/** A stop of the instance: the work in hand is left to the next driver, not failed. */
export class Halted extends Error {}

export class ImportReader {
  private readonly running = new Map<string, Promise<void>>();
  private halted = false;

  constructor(
    private readonly db: Database,
    private readonly repo: ImportsRepository,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly o: DriveOptions,
  ) {}

  private get owner(): string {
    return this.o.owner ?? `${os.hostname()}:${process.pid}`;
  }

  private until(): Date {
    return new Date(this.clock.now() + this.o.leaseMs);
  }

  /**
   * Reads the import in the background. Answers once its first rows are staged (or it is
   * all read), so the upload refuses at once a file that cannot be read; the rest goes on.
   */
  start(id: string, password?: string): Promise<void> {
    let first!: { resolve: () => void; reject: (e: unknown) => void };
    const firstRows = new Promise<void>((resolve, reject) => (first = { resolve, reject }));
    if (!this.running.has(id)) {
      const run = this.read(id, password, first)
        .catch((err: unknown) => this.o.log?.('an import could not be read', { import: id, err: String(err) }))
        .finally(() => {
          this.running.delete(id);
          first.resolve();
        });
      this.running.set(id, run);
    } else first.resolve();
    return firstRows;
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  /** A stop: each reading ends after its batch in flight and leaves its import to the next instance (its lease let go). */
  async halt(): Promise<void> {
    this.halted = true;
    await this.idle();
  }

  private async read(id: string, password: string | undefined, first: { resolve: () => void; reject: (e: unknown) => void }) {
    if (this.halted) return;
    const row = await this.repo.claim(this.db, id, this.owner, new Date(this.clock.now()), this.until());
    if (row?.status !== 'reading') return;
    try {
      if (row.protected && password === undefined) throw new AppError('import.file.again');
      const options = (row.options ?? {}) as ImportOptions;
      const converter = converterFor(row.source as ImportSource, options.mapping);
      if (!converter) throw new AppError('import.columnsNeeded');
      const zone = await this.repo.bookZone(this.db, row.book_id);
      await this.repo.clearRows(this.db, row.book_id, id);
      let batch: Staging[] = [];
      let total = 0;
      const flush = async () => {
        if (this.halted) throw new Halted();
        await this.repo.stage(this.db, row.book_id, id, zone, batch);
        total += batch.length;
        batch = [];
        await this.repo.patch(this.db, id, { rows_read: total, lease_until: this.until(), updated_at: new Date(this.clock.now()) });
        first.resolve();
      };
      const outcomes = readOutcomes(storedFile(this.storage, row), converter, { password, dateFormat: options.dateFormat });
      for await (const outcome of outcomes) {
        if (total + batch.length >= IMPORT_ROWS_MAX) throw new AppError('import.file.tooManyRows', { max: IMPORT_ROWS_MAX });
        batch.push(toStaging(outcome));
        if (batch.length >= STAGE_ROWS) await flush();
      }
      await flush();
      await this.repo.refundsFollowTrades(this.db, row.book_id, id);
      await this.repo.markDuplicates(this.db, row.book_id, id, row.source);
      const counts = await this.repo.counts(this.db, row.book_id, id);
      await this.repo.move(this.db, id, ['reading'], {
        status: 'ready',
        rows_read: counts.read,
        rows_skipped: counts.skipped,
        rows_problem: counts.problem,
        rows_duplicate: counts.duplicate,
        lease_owner: null,
        lease_until: null,
        updated_at: new Date(this.clock.now()),
      });
    } catch (err) {
      const refusal = err instanceof ImportFileError ? fileRefusal(err) : err instanceof AppError ? err : undefined;
      if (err instanceof Halted) {
        await this.repo.patch(this.db, id, { lease_until: new Date(this.clock.now()) });
        first.reject(new AppError('import.interrupted'));
        return;
      }
      if (!refusal) {
        // Not the file's fault (the database went away): the next driver reads it again.
        await this.repo.patch(this.db, id, { attempts: row.attempts + 1, lease_until: new Date(this.clock.now()) }).catch(() => undefined);
        first.reject(err);
        throw err;
      }
      await this.fail(row, refusal);
      first.reject(refusal);
    }
  }

  /** The import ends failed with its reason; its rows and file go. */
  async fail(row: ImportRow, refusal: AppError): Promise<void> {
    await this.repo.clearRows(this.db, row.book_id, row.id);
    await this.repo.move(this.db, row.id, ['reading', 'committing', 'columns'], {
      status: 'failed',
      error_key: refusal.key,
      error_params: JSON.stringify(refusal.params),
      file_key: null,
      lease_owner: null,
      lease_until: null,
      updated_at: new Date(this.clock.now()),
      finished_at: new Date(this.clock.now()),
    });
    if (row.file_key) await this.storage.removePrivate(row.file_key);
  }
}
