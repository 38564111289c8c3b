/**
 * The backup file (docs/backup.md): a gzip stream of JSON lines. A header, the rows of
 * every table in restore order, the sequences, the uploaded files, and an end line with
 * the counts, so a truncated file is told from a whole one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { isSafePath } from '../storage.ts';

export const BACKUP_FORMAT = 'cab-backup';
export const BACKUP_VERSION = 1;
/** Raw bytes of a file per data line, and characters of row text per rows line (about). */
export const CHUNK_BYTES = 1024 * 1024;
/** A line longer than this is not one the backup command writes: the file is damaged. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

export const FILE_ROOTS = ['files', 'private'] as const;
export type FileRoot = (typeof FILE_ROOTS)[number];

/** A relative path of plain segments, as storage takes them: a restore never writes outside its area. */
export const isSafeFilePath = isSafePath;

const TableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(z.object({ name: z.string(), type: z.string(), generated: z.boolean() })).min(1),
  primary_key: z.array(z.string()),
});
export type TableInfo = z.infer<typeof TableSchema>;

const Header = z.object({
  kind: z.literal('header'),
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  created_at: z.string(),
  source: z.enum(['pglite', 'postgres']),
  migrations: z.array(z.string()),
  /** In restore order: every table after the tables its foreign keys point to. */
  tables: z.array(TableSchema),
  sequences: z.array(z.string()),
});
export type BackupHeader = z.infer<typeof Header>;

const Rows = z.object({
  kind: z.literal('rows'),
  table: z.string(),
  /**
   * Each row in PostgreSQL's own text form of a row, `(1,"a b",,{x})`: every column
   * through its type's output and input functions, as COPY does, so every type reads
   * back exactly. (JSON objects would not: a jsonb column holding JSON null and one
   * holding SQL NULL both become null, and bigint and numeric would pass through
   * JavaScript numbers.)
   */
  rows: z.array(z.string()).min(1),
});

const SequenceValue = z.object({ name: z.string(), last_value: z.string().regex(/^-?\d{1,19}$/), is_called: z.boolean() });
export type SequenceValue = z.infer<typeof SequenceValue>;
const Sequences = z.object({ kind: z.literal('sequences'), values: z.array(SequenceValue) });

const FileStart = z.object({
  kind: z.literal('file'),
  root: z.enum(FILE_ROOTS),
  path: z.string().refine(isSafeFilePath, 'not a safe relative path'),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof FileStart>;
const FileData = z.object({ kind: z.literal('data'), base64: z.string() });

const End = z.object({
  kind: z.literal('end'),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  files: z.number().int().nonnegative(),
});
export type BackupEnd = z.infer<typeof End>;

const Line = z.discriminatedUnion('kind', [Header, Rows, Sequences, FileStart, FileData, End]);
export type BackupLine = z.infer<typeof Line>;

/** Why a backup file cannot be restored; the message is for the operator. */
export class BackupFileError extends Error {}

/** The lines of a gzip file, one at a time, checked against the schema. */
async function* lines(file: string): AsyncGenerator<BackupLine> {
  let parts: string[] = [];
  let partsLength = 0;
  let n = 0;
  const parse = (text: string): BackupLine => {
    n++;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BackupFileError(`line ${n} is not JSON`);
    }
    const line = Line.safeParse(value);
    if (!line.success) throw new BackupFileError(`line ${n} is not a backup line: ${line.error.issues[0]?.message ?? 'unknown shape'}`);
    return line.data;
  };
  try {
    // Decoded by the stream, so a character split between two chunks stays whole;
    // iterating it (rather than readline) turns a gzip error into a throw here.
    const gunzip = createGunzip();
    // pipeline, unlike pipe, hands a read error (no such file) on to the gunzip stream read below.
    pipeline(fs.createReadStream(file), gunzip, () => {});
    const text = gunzip.setEncoding('utf8');
    for await (const chunk of text) {
      const s = chunk as string;
      let start = 0;
      let nl: number;
      while ((nl = s.indexOf('\n', start)) >= 0) {
        parts.push(s.slice(start, nl));
        const one = parts.join('');
        parts = [];
        partsLength = 0;
        start = nl + 1;
        yield parse(one);
      }
      if (start < s.length) {
        parts.push(s.slice(start));
        partsLength += s.length - start;
      }
      if (partsLength > MAX_LINE_CHARS) throw new BackupFileError(`line ${n + 1} is longer than any the backup command writes`);
    }
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') throw new BackupFileError(`no such file: ${file}`);
    // zlib: Z_DATA_ERROR (corrupt) and "unexpected end of file" (truncated).
    throw new BackupFileError(`not a readable gzip file (${e.message})`);
  }
  if (partsLength) throw new BackupFileError('the last line is cut off: the file is incomplete');
}

/** What a reader of the backup does with each part, in file order. */
export interface BackupVisitor {
  header?(header: BackupHeader): Promise<void>;
  rows?(table: TableInfo, rows: string[]): Promise<void>;
  sequences?(values: SequenceValue[]): Promise<void>;
  fileStart?(entry: FileEntry): Promise<void>;
  fileData?(bytes: Buffer): Promise<void>;
  fileEnd?(entry: FileEntry): Promise<void>;
}

/**
 * Reads a backup through, checking its order, counts and file digests, and
 * hands each part to the visitor. Throws BackupFileError at the first fault; it answers
 * the header only once the end line has confirmed the file is whole.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  let tableIndex = -1;
  let sequencesSeen = false;
  let file_: { entry: FileEntry; received: number; hash: crypto.Hash } | undefined;
  const rowCounts = new Map<string, number>();
  let files = 0;
  let ended = false;

  const finishFile = async () => {
    if (!file_) return;
    if (file_.received !== file_.entry.size || file_.hash.digest('hex') !== file_.entry.sha256) {
      throw new BackupFileError(`the file ${file_.entry.root}/${file_.entry.path} in the backup is damaged (size or digest differs)`);
    }
    await visitor.fileEnd?.(file_.entry);
    file_ = undefined;
    files++;
  };

  for await (const line of lines(file)) {
    if (ended) throw new BackupFileError('there is data after the end line');
    if (!header) {
      if (line.kind !== 'header') throw new BackupFileError('the file does not start with a CAB backup header');
      if (line.version > BACKUP_VERSION) {
        throw new BackupFileError(`the backup has format version ${line.version}; this code reads up to ${BACKUP_VERSION}: upgrade CAB`);
      }
      header = line;
      await visitor.header?.(line);
      continue;
    }
    if (line.kind !== 'data') await finishFile();
    switch (line.kind) {
      case 'header':
        throw new BackupFileError('a second header');
      case 'rows': {
        const at = header.tables.findIndex((t) => t.name === line.table);
        if (at < 0 || at < tableIndex || sequencesSeen) throw new BackupFileError(`rows of ${line.table} out of place`);
        tableIndex = at;
        rowCounts.set(line.table, (rowCounts.get(line.table) ?? 0) + line.rows.length);
        await visitor.rows?.(header.tables[at]!, line.rows);
        break;
      }
      case 'sequences':
        if (sequencesSeen) throw new BackupFileError('a second sequences line');
        sequencesSeen = true;
        await visitor.sequences?.(line.values);
        break;
      case 'file':
        if (!sequencesSeen) throw new BackupFileError('a file before the sequences');
        file_ = { entry: line, received: 0, hash: crypto.createHash('sha256') };
        await visitor.fileStart?.(line);
        break;
      case 'data': {
        if (!file_) throw new BackupFileError('file data outside a file');
        const bytes = Buffer.from(line.base64, 'base64');
        file_.received += bytes.length;
        if (file_.received > file_.entry.size)
          throw new BackupFileError(`the file ${file_.entry.path} in the backup is longer than recorded`);
        file_.hash.update(bytes);
        await visitor.fileData?.(bytes);
        break;
      }
      case 'end': {
        const expected = Object.entries(line.rows).filter(([, n]) => n > 0);
        const same = expected.length === rowCounts.size && expected.every(([t, n]) => rowCounts.get(t) === n);
        if (!sequencesSeen || !same || line.files !== files)
          throw new BackupFileError('the end line does not match the content: the file is damaged');
        ended = true;
        break;
      }
    }
  }
  if (!header) throw new BackupFileError('the file is empty');
  if (!ended) throw new BackupFileError('the file ends before its end line: it is incomplete (truncated)');
  return header;
}
