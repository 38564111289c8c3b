/**
 * Backup and restore (docs/backup.md), on embedded PGlite and on PostgreSQL: books made
 * through the API of a real server process are backed up with the documented command,
 * restored into an empty database, and compared table by table, row by row, and file by
 * file; a server on the restored database then serves them and makes new records.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ACCOUNTING_PATHS, AUTH_PATHS, BOOK_PATHS, bookPath } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService, moveBetween } from '../src/modules/ledger/ledger.service.ts';
import { systemClock } from '../src/platform/clock.ts';
import { openDatabase, type Database } from '../src/platform/db/index.ts';
import { startServerProcess, waitForExit, type RunningServer } from '../test/process.ts';
import { call, dimensions, keepWriting, login, makeBooks, type Journey } from './backup-journey.ts';
import { postgresAvailable, scratchDatabase, type ScratchDatabase } from './databases.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `npm run cab -- backup|restore <file>` from the repository root, as the operator types it. */
function runCli(verb: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn('npm', ['run', '--silent', 'cab', '--', verb, file], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    proc.on('exit', (code) => resolve({ code, output }));
  });
}

async function withDatabase<T>(db: ScratchDatabase, fn: (d: Database) => Promise<T>): Promise<T> {
  const h = await openDatabase({ databaseUrl: db.url, dataDir: path.join(db.dataDir, 'pgdata') });
  try {
    return await fn(h.db);
  } finally {
    await h.close();
  }
}

interface Contents {
  /** Every table's rows in PostgreSQL's text form of a row (exact for every type), in primary key order. */
  tables: Record<string, string[]>;
  sequences: Record<string, string>;
  /** Soft-deleted transactions, to know the journey's delete is among the rows. */
  deleted: string;
}

/** Every table of the schema (listed from information_schema, not from the code under test) and every sequence. */
async function contents(db: ScratchDatabase): Promise<Contents> {
  // One time zone for the text of timestamps, whatever the database's own setting (PGlite and PostgreSQL differ).
  return withDatabase(db, (h) =>
    h.transaction().execute(async (d) => {
      await sql`SET LOCAL TimeZone = 'UTC'`.execute(d);
      await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(d);
      const names = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(d);
      const out: Contents = { tables: {}, sequences: {}, deleted: '' };
      if (names.rows.some((r) => r.name === 'transactions')) {
        const deleted = await sql<{ n: string }>`SELECT count(*)::text AS n FROM transactions WHERE deleted_at IS NOT NULL`.execute(d);
        out.deleted = deleted.rows[0]!.n;
      }
      for (const { name } of names.rows) {
        const key = await sql<{ column: string }>`
        SELECT k.column_name AS column FROM information_schema.table_constraints c
        JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
        WHERE c.table_schema = current_schema() AND c.table_name = ${name} AND c.constraint_type = 'PRIMARY KEY'
        ORDER BY k.ordinal_position`.execute(d);
        expect(key.rows.length, `${name} has a primary key`).toBeGreaterThan(0);
        const order = sql.join(key.rows.map((k) => sql.id(k.column)));
        const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.id(name)} t ORDER BY ${order}`.execute(d);
        out.tables[name] = rows.rows.map((r) => r.row);
      }
      const seqs = await sql<{ name: string; value: string }>`
      SELECT sequencename AS name, coalesce(last_value::text, 'not called') AS value FROM pg_sequences
      WHERE schemaname = current_schema()`.execute(d);
      for (const s of seqs.rows) out.sequences[s.name] = s.value;
      return out;
    }),
  );
}

/** Every upload of a data directory, by path, as a digest of its bytes. */
function uploads(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const root of ['files', 'private']) {
    const base = path.join(dataDir, root);
    if (!fs.existsSync(base)) continue;
    for (const rel of fs.readdirSync(base, { recursive: true, encoding: 'utf8' }).sort()) {
      const p = path.join(base, rel);
      if (fs.statSync(p).isFile()) out[`${root}/${rel}`] = crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  }
  return out;
}

/** The PGlite books as backed up, to compare a restore of that backup into PostgreSQL with. */
let pgliteContents: Contents | undefined;

const running: RunningServer[] = [];
afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
});
async function stop(server: RunningServer): Promise<void> {
  server.proc.kill('SIGTERM');
  expect(await waitForExit(server.proc)).toBe(0);
}

/** The server's own invariants, which a backup torn between tables would break: balances and day totals. */
async function invariants(db: ScratchDatabase) {
  return withDatabase(db, async (d) => {
    const balances = await sql<{ id: string; balance: string; moved: string }>`
      SELECT a.id, a.balance_minor::text AS balance,
        (coalesce((SELECT sum(account_delta_minor) FROM transactions t
                   WHERE t.book_id = a.book_id AND t.account_id = a.id AND t.deleted_at IS NULL), 0)
       + coalesce((SELECT sum(to_account_delta_minor) FROM transactions t
                   WHERE t.book_id = a.book_id AND t.to_account_id = a.id AND t.deleted_at IS NULL), 0))::text AS moved
      FROM book_accounts a ORDER BY a.book_id, a.id`.execute(d);
    const days = await sql<{ counted: string; live: string }>`
      SELECT (SELECT coalesce(sum(count), 0) FROM transaction_day_totals)::text AS counted,
             (SELECT count(*) FROM transactions WHERE deleted_at IS NULL AND business_type <> 'Template')::text AS live`.execute(d);
    return { balances: balances.rows, days: days.rows[0]! };
  });
}
function expectConsistent(inv: Awaited<ReturnType<typeof invariants>>): void {
  for (const a of inv.balances) expect(a.balance, `account ${a.id}`).toBe(a.moved);
  expect(inv.days.counted).toBe(inv.days.live);
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`backup and restore on ${kind}`, () => {
    let available = true;
    const dbs: ScratchDatabase[] = [];
    let source: ScratchDatabase;
    let target: ScratchDatabase;
    let journey: Journey;
    const file = path.join(work, `${kind}.cab.gz`);
    const scratch = async (label: string) => {
      const db = await scratchDatabase(kind, label);
      dbs.push(db);
      return db;
    };
    beforeAll(async () => {
      if (kind === 'postgres') available = await postgresAvailable();
    });
    afterAll(async () => {
      for (const db of dbs) await db.drop();
    });

    it('restores into an empty database every table row for row and every upload byte for byte', { timeout: 300_000 }, async (ctx) => {
      if (!available) return ctx.skip();
      source = await scratch('backup-src');
      const server = await startServerProcess(source.env);
      running.push(server);
      journey = await makeBooks(server.base);
      if (kind === 'pglite') {
        // The embedded database belongs to the running server: the backup says to stop it.
        const busy = await runCli('backup', path.join(work, 'busy.gz'), source.env);
        expect(busy.code).toBe(1);
        expect(busy.output).toContain('stop it, run the backup again');
        expect(fs.existsSync(path.join(work, 'busy.gz'))).toBe(false);
      }
      await stop(server);
      // Banana-shell movements (no call makes them yet): a recharge, a purchase and its refund,
      // whose balances a restore must rebuild as the postings go in, not add to.
      await withDatabase(source, async (h) => {
        const ledger = new LedgerService(h, systemClock);
        const wallet = await ledger.wallet(h, '1');
        const [clearing, revenue] = [await ledger.platformAccount(h, 'clearing'), await ledger.platformAccount(h, 'revenue')];
        await ledger.postNow({
          key: 'backup:recharge',
          kind: 'recharge',
          postings: moveBetween(clearing, wallet, 5_000n),
        });
        const bought = await ledger.postNow({
          key: 'backup:buy',
          kind: 'purchase',
          postings: moveBetween(wallet, revenue, 1_200n),
        });
        await h.transaction().execute((tx) => ledger.reverse(tx, bought.entryId, 'backup:refund', 'refund'));
      });

      const backup = await runCli('backup', file, source.env);
      expect(backup.code, backup.output).toBe(0);
      // The journey's two uploads, and the covers and video the market's seed stored at start.
      const stored = Object.keys(uploads(source.dataDir));
      expect(stored.filter((f) => f.startsWith('files/content/')).length).toBeGreaterThan(2);
      expect(backup.output).toMatch(new RegExp(`backed up .*: \\d+ rows in \\d+ tables, and ${stored.length} files`));
      target = await scratch('backup-dst');
      const restore = await runCli('restore', file, target.env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain('restored');

      const before = await contents(source);
      if (kind === 'pglite') pgliteContents = before;
      const after = await contents(target);
      expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
      for (const table of Object.keys(before.tables)) expect(after.tables[table], table).toEqual(before.tables[table]);
      expect(after.sequences).toEqual(before.sequences);
      // The journey reached every kind of book data, so the equality above is about something.
      const count = (t: string) => before.tables[t]?.length ?? 0;
      for (const t of [
        'users',
        'books',
        'book_users',
        'book_categories',
        'book_accounts',
        'book_images',
        'book_budgets',
        'book_invitations',
        'book_roles',
        'book_labels',
        'book_activities',
        'transaction_day_totals',
        'access_tokens',
        'refresh_tokens',
        'ledger_entries',
        'ledger_postings',
      ]) {
        expect(count(t), t).toBeGreaterThan(0);
      }
      expect(count('users')).toBe(2);
      expect(count('transactions')).toBeGreaterThanOrEqual(9);
      expect(count('idempotency_keys')).toBe(1);
      expect(count('template_categories')).toBeGreaterThan(0);
      expect(before.deleted).toBe('1');

      const files = uploads(source.dataDir);
      const journeyFiles = Object.keys(files).filter((f) => !f.startsWith('files/content/'));
      expect(journeyFiles.map((f) => f.split('/')[0])).toEqual(['files', 'private']);
      expect(uploads(target.dataDir)).toEqual(files);
    });

    it(
      'serves the restored books: old tokens and a new sign-in, the records, images and avatar, and new records get fresh ids',
      {
        timeout: 180_000,
      },
      async (ctx) => {
        if (!available || !target) return ctx.skip();
        const server = await startServerProcess(target.env);
        running.push(server);
        const { base } = server;
        const j = journey;
        const me = await call<{ nickName: string; avatarUrl: string }>(base, 'GET', AUTH_PATHS.userInfo, undefined, j.owner.token);
        expect(me).toMatchObject({ nickName: '账本主人', avatarUrl: j.avatarUrl });
        const avatar = await fetch(base + j.avatarUrl);
        expect(Buffer.from(await avatar.arrayBuffer()).equals(j.avatarBytes)).toBe(true);

        const member = await login(base, j.member.phone);
        const got = await call(base, 'GET', bookPath(ACCOUNTING_PATHS.get, { id: j.withImage.id }), undefined, member.token, j.bookId);
        expect(got).toEqual(j.withImage);
        expect(await call(base, 'GET', ACCOUNTING_PATHS.accounts, undefined, member.token, j.bookId)).toEqual(j.accounts);
        const image = await fetch(base + j.imageUrl, { headers: { authorization: `Bearer ${member.token}` } });
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(j.imageBytes)).toBe(true);

        const d = await dimensions(base, member.token, j.bookId);
        const expense = { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.id }, amount: '1.23' };
        const made = await call<{ id: string }>(base, 'POST', ACCOUNTING_PATHS.expense, expense, member.token, j.bookId, 201);
        expect(BigInt(made.id)).toBeGreaterThan(j.lastTransactionId);
        const templates = await call<Array<{ id: string }>>(base, 'GET', BOOK_PATHS.templates);
        const book = await call<{ id: string }>(base, 'POST', BOOK_PATHS.create, { id: templates[0]!.id }, j.owner.token, undefined, 201);
        expect(BigInt(book.id)).toBeGreaterThan(BigInt(j.bookId));
        await stop(server);
      },
    );

    it('refuses a target that holds data, changing nothing', { timeout: 180_000 }, async (ctx) => {
      if (!available || !target) return ctx.skip();
      const before = await contents(target);
      const files = uploads(target.dataDir);
      const refused = await runCli('restore', file, target.env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/the target database is not empty \(.*users.*\)/);
      expect(await contents(target)).toEqual(before);
      expect(uploads(target.dataDir)).toEqual(files);
      if (kind === 'postgres') {
        // An empty database beside a data directory holding uploads is refused too.
        const empty = await scratch('backup-files');
        const filesHeld = await runCli('restore', file, { ...empty.env, CAB_DATA_DIR: target.dataDir });
        expect(filesHeld.code).toBe(1);
        expect(filesHeld.output).toContain('already hold files');
        expect(uploads(target.dataDir)).toEqual(files);
        expect(Object.values((await contents(empty)).tables).flat()).toEqual([]);
      }
    });

    if (kind === 'postgres') {
      it('moves the embedded database to PostgreSQL: the PGlite backup restores there row for row', { timeout: 120_000 }, async (ctx) => {
        const fromPglite = path.join(work, 'pglite.cab.gz');
        if (!available || !pgliteContents || !fs.existsSync(fromPglite)) return ctx.skip();
        const moved = await scratch('backup-moved');
        const restore = await runCli('restore', fromPglite, moved.env);
        expect(restore.code, restore.output).toBe(0);
        const after = await contents(moved);
        // Sorted: text keys may sort by another collation on the server.
        const sorted = (c: Contents) => Object.fromEntries(Object.entries(c.tables).map(([t, rows]) => [t, [...rows].sort()]));
        expect(sorted(after)).toEqual(sorted(pgliteContents));
        expect(after.sequences).toEqual(pgliteContents.sequences);
      });

      it('takes one consistent snapshot while the server keeps writing', { timeout: 180_000 }, async (ctx) => {
        if (!available || !source) return ctx.skip();
        expectConsistent(await invariants(source));
        const server = await startServerProcess(source.env);
        running.push(server);
        const writes = keepWriting(
          server.base,
          journey.owner.token,
          journey.bookId,
          await dimensions(server.base, journey.owner.token, journey.bookId),
        );
        while (writes.written() < 20 && writes.running()) await new Promise((r) => setTimeout(r, 20));
        const live = path.join(work, 'live.cab.gz');
        const startedAt = writes.written();
        const backup = await runCli('backup', live, source.env);
        const endedAt = writes.written();
        await writes.stop();
        expect(backup.code, backup.output).toBe(0);
        // The server acknowledged writes while the backup ran.
        expect(endedAt).toBeGreaterThan(startedAt);
        await stop(server);

        const copy = await scratch('backup-live');
        const restore = await runCli('restore', live, copy.env);
        expect(restore.code, restore.output).toBe(0);
        const inv = await invariants(copy);
        expectConsistent(inv);
        console.log(`backup taken during ${endedAt - startedAt} acknowledged writes; its copy holds ${inv.days.live} live transactions`);
      });
    }
  });
}

describe('damaged backups', () => {
  it(
    'refuses a truncated, a corrupted and a newer backup with a clear message, leaving the target empty',
    { timeout: 120_000 },
    async () => {
      const good = path.join(work, 'pglite.cab.gz');
      if (!fs.existsSync(good)) throw new Error('the PGlite backup of the first test is missing');
      const bytes = fs.readFileSync(good);
      const truncated = path.join(work, 'truncated.gz');
      fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const corrupt = path.join(work, 'corrupt.gz');
      const flipped = Buffer.from(bytes);
      const middle = Math.floor(flipped.length / 2);
      for (let i = middle - 30; i < middle + 30; i++) flipped[i] = flipped[i]! ^ 0x5a;
      fs.writeFileSync(corrupt, flipped);
      // A whole, valid file whose schema has a migration this code does not know.
      const lines = zlib.gunzipSync(bytes).toString('utf8').split('\n');
      const header = JSON.parse(lines[0]!) as { migrations: string[] };
      header.migrations.push('9999_from_the_future.sql');
      const newer = path.join(work, 'newer.gz');
      fs.writeFileSync(newer, zlib.gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));

      const target = await scratchDatabase('pglite', 'backup-damaged');
      try {
        for (const [f, message] of [
          [truncated, /not a whole CAB backup \(.*(incomplete|unexpected end|truncated)/],
          [corrupt, /not a whole CAB backup/],
          [newer, /made by a newer CAB .*9999_from_the_future\.sql/],
        ] as const) {
          const res = await runCli('restore', f, target.env);
          expect(res.code, res.output).toBe(1);
          expect(res.output).toMatch(message);
          // Refused before the database was opened: the data directory is as empty as it was.
          expect(fs.readdirSync(target.dataDir)).toEqual([]);
        }
      } finally {
        await target.drop();
      }
    },
  );
});
