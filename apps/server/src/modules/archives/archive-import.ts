import crypto from 'node:crypto';
import type { ArchiveImportResult } from '@cab/contracts';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../../http/errors.ts';
import { BackupRepository } from '../../platform/backup/backup.repository.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { BookRows } from '../zones/book-rows.ts';
import { MANIFEST_ENTRY, rowsEntry } from './archive-format.ts';
import { readArchive, type ReadArchive } from './archive-read.ts';
import { freshInvitationCode, mapped, mappedArray, SOFT_REFS, type ArchiveRepository, type IdRef } from './archive.repository.ts';

/**
 * Tables archived but not given to the new book (docs/archive.md): premium features are
 * bought for one book (money stays where it was paid, as STAYING_TABLES says); copying
 * them would hand a paid feature to every book made from the archive.
 */
export const NOT_IMPORTED: ReadonlySet<string> = new Set(['book_premium_features']);

const damaged = (part: string) => new AppError('archive.damaged', { part });

interface Staged {
  name: string;
  stage: string;
  columns: string[];
}

/**
 * Makes a new book from an archive (docs/archive.md), in one transaction: the archive read
 * through (rows staged, images stored under new keys), every table's count and checksum
 * and every image's size and digest checked, new ids drawn for every generated id and
 * every reference rewritten through the maps, in foreign key order. A refusal leaves
 * nothing: the transaction rolls back and the images written are removed.
 */
export class ArchiveImporter {
  constructor(
    private readonly db: Database,
    private readonly rows: BookRows,
    private readonly repo: ArchiveRepository,
    private readonly storage: FileStorage,
  ) {}

  async import(userId: string, fileKey: string): Promise<ArchiveImportResult> {
    const written: string[] = [];
    try {
      return await this.db.transaction().execute(async (tx) => {
        await this.rows.fixTextForms(tx);
        const source = await this.storage.openPrivate(fileKey);
        if (!source) throw new AppError('archive.notArchive');
        // Drawn first: the images are written into the new book's folder as they are read.
        const bookId = await this.repo.nextId(tx, 'books');
        const read = await readArchive(tx, this.repo, this.storage, source, `book-${bookId}`, written);
        return this.load(tx, userId, bookId, read);
      });
    } catch (err) {
      for (const key of written) await this.storage.removePrivate(key);
      throw err;
    }
  }

  private async load(tx: Database, userId: string, bookId: string, read: ReadArchive): Promise<ArchiveImportResult> {
    const m = read.manifest;
    const known = new Set((await new BackupRepository(tx).migrationNames()) ?? []);
    if (m.migrations.some((name) => !known.has(name))) throw new AppError('archive.newer');
    const staged = await this.stageAll(tx, read);
    this.checkImages(read);
    const byName = new Map(staged.map((s) => [s.name, s]));
    const books = byName.get('books');
    if (!books || m.tables.find((t) => t.name === 'books')?.rows !== 1) throw damaged(rowsEntry('books'));
    for (const s of staged) {
      if ((await this.repo.countOther(tx, s.stage, s.name === 'books' ? 'id' : 'book_id', m.book.id)) > 0) throw damaged(rowsEntry(s.name));
    }

    // The maps: every generated id anew, the exporter as the importer, everyone else a placeholder, every file a new key.
    const identity = await this.repo.identityTables(tx, [...byName.keys()]);
    const maps = new Map<string, string>();
    let i = 0;
    for (const s of staged) {
      if (!identity.has(s.name)) continue;
      const map = `cab_archive_m${i++}`;
      if (s.name === 'books') {
        await this.repo.createMap(tx, map, 'bigint');
        await this.repo.fillMap(tx, map, [[m.book.id, bookId]]);
      } else await this.repo.mapIds(tx, map, s.stage, s.name);
      maps.set(s.name, map);
    }
    await this.mapUsers(tx, userId, read, maps);
    await this.mapKeys(tx, read, `book-${bookId}`, maps);

    const targets = [...maps.keys()].filter((t) => t !== '#keys');
    const refs: IdRef[] = [
      ...(await this.repo.foreignIdRefs(tx, [...byName.keys()], targets)).filter((r) => r.column !== 'book_id'),
      ...SOFT_REFS.filter((r) => byName.has(r.table) && maps.has(r.target)).map((r) => ({ ...r, hard: false })),
    ];
    for (const r of refs.filter((x) => x.hard)) {
      if ((await this.repo.unmapped(tx, byName.get(r.table)!.stage, r.column, maps.get(r.target)!)) > 0) throw damaged(rowsEntry(r.table));
    }

    const templateId = await this.repo.templateId(tx, m.book.template_code);
    const counts: Record<string, number> = {};
    const { ordered } = await this.rows.catalogue(tx);
    for (const t of ordered) {
      const s = byName.get(t.info.name);
      if (!s || NOT_IMPORTED.has(s.name)) continue;
      const present = new Set(s.columns);
      const columns = t.info.columns
        .filter((c) => !c.generated && present.has(c.name))
        .map((c) => ({ name: c.name, value: this.valueOf(s.name, c.name, { bookId, templateId, maps, refs, identity }) }));
      const where = s.name === 'book_users' ? sql`s.user_id = ${m.exported_by}::bigint` : sql`true`;
      try {
        counts[s.name] = await this.repo.insert(tx, s.name, s.stage, columns, where);
      } catch {
        // A constraint the archive's rows break (a key twice, a value out of range): made by hand, or damaged.
        throw damaged(rowsEntry(s.name));
      }
    }
    if (!(await this.repo.ownsBook(tx, bookId, userId))) throw damaged(rowsEntry('book_users'));
    return { book_id: bookId, name: m.book.name, rows: counts, images: read.images.size };
  }

  /** Every table entry typed with this server's columns, counted and checksummed against the manifest. */
  private async stageAll(tx: Database, read: ReadArchive): Promise<Staged[]> {
    const { ordered } = await this.rows.catalogue(tx);
    const here = new Map(ordered.map((t) => [t.info.name, t]));
    const named = new Set<string>();
    const staged: Staged[] = [];
    for (const [i, t] of read.manifest.tables.entries()) {
      const table = here.get(t.name);
      const part = rowsEntry(t.name);
      if (!table || named.has(t.name)) throw damaged(MANIFEST_ENTRY);
      named.add(t.name);
      if (read.lines.get(t.name) !== t.rows) throw damaged(part);
      const columns = t.columns.map((c) => {
        const mine = table.info.columns.find((x) => x.name === c.name);
        // Types are this server's own (never text from the file), and must be what the archive wrote.
        if (!mine || mine.type !== c.type) throw damaged(MANIFEST_ENTRY);
        return { name: c.name, type: mine.type };
      });
      const stage = `cab_archive_t${i}`;
      try {
        await this.repo.stage(tx, stage, t.name, columns);
      } catch {
        throw damaged(part);
      }
      const sum = await this.repo.stagedChecksum(tx, stage, t.name);
      if (sum.count !== t.rows || sum.sum !== t.checksum) throw damaged(part);
      staged.push({ name: t.name, stage, columns: columns.map((c) => c.name) });
    }
    for (const name of read.lines.keys()) if (!named.has(name)) throw damaged(rowsEntry(name));
    return staged;
  }

  private checkImages(read: ReadArchive): void {
    const listed = new Set<string>();
    for (const img of read.manifest.images) {
      const got = read.images.get(img.key);
      if (!got || got.size !== img.size || got.sha256 !== img.sha256) throw damaged(`images/${img.key}`);
      listed.add(img.key);
    }
    for (const key of read.images.keys()) if (!listed.has(key)) throw damaged(`images/${key}`);
  }

  /** The exporter is the importer; every other person the rows name is a placeholder of theirs (no sign-in, no membership). */
  private async mapUsers(tx: Database, userId: string, read: ReadArchive, maps: Map<string, string>): Promise<void> {
    const m = read.manifest;
    const others = m.users.filter((u) => u.id !== m.exported_by);
    if (others.length + 1 !== new Set([...m.users.map((u) => u.id), m.exported_by]).size) throw damaged(MANIFEST_ENTRY);
    const ids = await this.repo.addPlaceholders(tx, others);
    await this.repo.createMap(tx, 'cab_archive_users', 'bigint');
    await this.repo.fillMap(tx, 'cab_archive_users', [[m.exported_by, userId], ...others.map((u, i): [string, string] => [u.id, ids[i]!])]);
    maps.set('users', 'cab_archive_users');
  }

  /** Each file the rows name gets a key of its own here (the old ones may be another book's on this very server). */
  private async mapKeys(tx: Database, read: ReadArchive, folder: string, maps: Map<string, string>): Promise<void> {
    const pairs: Array<[string, string]> = [...read.images].map(([key, img]) => [key, img.newKey]);
    // A file gone where the archive was made stays gone: its row keeps a key of its own with no file.
    for (const key of read.manifest.missing_images) {
      if (!read.images.has(key)) pairs.push([key, `${folder}/${crypto.randomBytes(16).toString('hex')}${key.slice(key.lastIndexOf('.'))}`]);
    }
    await this.repo.createMap(tx, 'cab_archive_keys', 'text');
    await this.repo.fillMap(tx, 'cab_archive_keys', pairs);
    maps.set('#keys', 'cab_archive_keys');
  }

  private valueOf(
    table: string,
    column: string,
    c: { bookId: string; templateId: string | null; maps: Map<string, string>; refs: IdRef[]; identity: Set<string> },
  ): RawBuilder<unknown> {
    if (column === 'book_id' || (table === 'books' && column === 'id')) return sql`${c.bookId}::bigint`;
    if (column === 'id' && c.identity.has(table)) return mapped('id', c.maps.get(table)!, true);
    const ref = c.refs.find((r) => r.table === table && r.column === column);
    if (ref) return mapped(column, c.maps.get(ref.target)!, ref.hard);
    switch (`${table}.${column}`) {
      case 'books.book_template_id':
        return sql`${c.templateId}::bigint`;
      case 'book_images.storage_key':
        return sql`(SELECT k.new FROM cab_archive_keys k WHERE k.old = s.storage_key)`;
      case 'book_invitations.code':
        return freshInvitationCode;
      case 'book_invitations.role_ids':
        return mappedArray('role_ids', c.maps.get('book_roles')!);
      case 'book_budgets.subject_id': {
        const categories = c.maps.get('book_categories');
        return sql`CASE s.subject_type WHEN 'Book' THEN ${c.bookId}::bigint
          ${categories ? sql`WHEN 'Category' THEN ${mapped('subject_id', categories, false)}` : sql``} END`;
      }
      default:
        return sql`s.${sql.id(column)}`;
    }
  }
}
