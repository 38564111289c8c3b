/**
 * Helpers of the archive tests (docs/archive.md): the upload, zips read and written in
 * memory, and a book's rows in a form two copies of it share once ids are mapped.
 */
import { ACCOUNTING_PATHS, ARCHIVE_PATHS, bookPath } from '@cab/contracts';
import { BlobReader, BlobWriter, Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import { sql } from 'kysely';
import { ArchiveRepository, SOFT_REFS } from '../src/modules/archives/archive.repository.ts';
import { BookRows } from '../src/modules/zones/book-rows.ts';
import { inBook, type TestApp } from './harness.ts';

/** Posts an archive as the web does: multipart, signed over an empty body. */
export function postArchive(t: TestApp, token: string | undefined, bytes: Buffer) {
  const boundary = '----cabarchive';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.cabbook.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: ARCHIVE_PATHS.import,
    payload,
    headers: {
      ...t.client.signHeaders('POST', ARCHIVE_PATHS.import, ''),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

export async function imageBytes(t: TestApp, token: string, bookId: string, id: string): Promise<Buffer> {
  const res = await t.client.get(bookPath(ACCOUNTING_PATHS.image, { bookId, id }), inBook(token, bookId));
  if (res.statusCode !== 200) throw new Error(`image ${id}: ${res.statusCode}`);
  return res.rawPayload;
}

export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await new ZipReader(new Uint8ArrayReader(bytes)).getEntries()) {
    if (!e.directory) out.set(e.filename, Buffer.from(await e.getData(new Uint8ArrayWriter())));
  }
  return out;
}

export async function zipOf(entries: Map<string, Buffer>): Promise<Buffer> {
  const blob = new BlobWriter('application/zip');
  const w = new ZipWriter(blob);
  for (const [name, bytes] of entries) await w.add(name, new BlobReader(new Blob([new Uint8Array(bytes)])));
  await w.close();
  return Buffer.from(await (await blob.getData()).arrayBuffer());
}

type Row = Record<string, unknown>;

/**
 * Every moving table of a book, each row with its ids as ranks in their table (new ids are
 * drawn in the old ids' order), people by nickname (`ownerId` as OWNER), the book as B;
 * storage keys and invitation codes left out (new by design; the images' bytes are
 * compared through the API). Rows sorted, so two copies compare with toEqual.
 */
export async function bookCanon(t: TestApp, bookId: string, ownerId: string): Promise<Record<string, Row[]>> {
  const rows = new BookRows(t.db);
  const repo = new ArchiveRepository(t.db);
  const { ordered } = await rows.catalogue();
  const names = ordered.map((x) => x.info.name);
  const identity = await repo.identityTables(t.db, names);
  const refs = [...(await repo.foreignIdRefs(t.db, names, [...identity, 'users'])).filter((r) => r.column !== 'book_id'), ...SOFT_REFS];
  const filter = (name: string) => (name === 'books' ? sql`id = ${bookId}::bigint` : sql`book_id = ${bookId}::bigint`);
  const ranks = new Map<string, Map<string, string>>();
  for (const name of identity) {
    // Ordered by the bigint, not the text answered ("10" before "8").
    const res = await sql<{ id: string }>`SELECT t.id::text AS id FROM ${sql.id(name)} t WHERE ${filter(name)} ORDER BY t.id`.execute(t.db);
    ranks.set(name, new Map(res.rows.map((r, i) => [r.id, `#${i + 1}`])));
  }
  const people = await sql<{ id: string; nickname: string }>`SELECT id::text AS id, nickname FROM users`.execute(t.db);
  ranks.set('users', new Map(people.rows.map((u) => [u.id, u.id === ownerId ? 'OWNER' : `@${u.nickname}`])));
  const out: Record<string, Row[]> = {};
  for (const name of names) {
    const res = await sql<{ r: Row }>`SELECT to_jsonb(t) AS r FROM ${sql.id(name)} t WHERE ${filter(name)}`.execute(t.db);
    out[name] = res.rows
      .map(({ r }) => {
        const row: Row = {};
        for (const [col, value] of Object.entries(r)) {
          const ref = refs.find((x) => x.table === name && x.column === col);
          const text = value === null ? null : String(value);
          if (col === 'book_id' || (name === 'books' && col === 'id')) row[col] = 'B';
          else if (col === 'id' && identity.has(name)) row[col] = ranks.get(name)!.get(text!);
          else if (ref) row[col] = text === null ? null : (ranks.get(ref.target)!.get(text) ?? text);
          else if (['books.book_template_id', 'book_images.storage_key', 'book_invitations.code'].includes(`${name}.${col}`)) continue;
          else if (name === 'book_invitations' && col === 'role_ids')
            row[col] = (value as string[]).map((v) => ranks.get('book_roles')!.get(String(v)));
          else if (name === 'book_budgets' && col === 'subject_id')
            row[col] = r.subject_type === 'Book' ? 'B' : ranks.get('book_categories')!.get(text!);
          else row[col] = value;
        }
        return row;
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}
