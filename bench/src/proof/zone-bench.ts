/**
 * The rows of `npm run bench` for private zones (issue 29, docs/zones.md): moving a book
 * of 10,000 records from the public zone to a private one over the signed
 * server-to-server API (rows per second, chunks, checks and all), beside its floor: the
 * same rows copied with COPY between the two databases; and a read forwarded to the
 * book's zone beside the same read served where the book is.
 */
import { pipeline } from 'node:stream/promises';
import { ACCOUNTING_PATHS, CLOUD_PATHS, ZONE_PATHS, bookPath, type Migration } from '@cab/contracts';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { BookRows } from '../../../apps/server/src/modules/zones/book-rows.ts';
import { fillLargeBook } from '../../../apps/server/test/large-book.ts';
import { freePort, signedFetch } from '../../../apps/server/test/process.ts';
import { signInWithBook, startBenchServer, type BenchServer } from '../server.ts';
import { median, timeRuns } from './floor.ts';
import type { Row } from './book-bench.ts';

const RECORDS = 10_000;
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

async function ok(res: Promise<Response>): Promise<unknown> {
  const r = await res;
  const text = await r.text();
  if (!r.ok) throw new Error(`${r.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The book's rows copied with COPY from one database to another, table by table in foreign key order: the floor. */
async function copyBook(from: BenchServer, to: BenchServer, bookId: string): Promise<{ ms: number; rows: number }> {
  const source = new pg.Client({ connectionString: from.databaseUrl });
  const target = new pg.Client({ connectionString: to.databaseUrl });
  await source.connect();
  await target.connect();
  try {
    // The users the rows name are in place first (not timed: a handful of rows).
    const users = await source.query<{ id: string; nickname: string }>(
      'SELECT id::text, nickname FROM users WHERE id IN (SELECT user_id FROM book_users WHERE book_id = $1)',
      [bookId],
    );
    for (const u of users.rows) {
      await target.query('INSERT INTO users (id, nickname) OVERRIDING SYSTEM VALUE VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        u.id,
        u.nickname,
      ]);
    }
    const { ordered } = await new BookRows(from.db).catalogue();
    const t0 = performance.now();
    let rows = 0;
    await target.query('BEGIN');
    for (const t of ordered) {
      const cols = t.info.columns
        .filter((c) => !c.generated)
        .map((c) => `"${c.name}"`)
        .join(', ');
      const where = t.info.name === 'books' ? `id = ${Number(bookId)}` : `book_id = ${Number(bookId)}`;
      const out = source.query(copyTo(`COPY (SELECT ${cols} FROM "${t.info.name}" WHERE ${where}) TO STDOUT`));
      const into = target.query(copyFrom(`COPY "${t.info.name}" (${cols}) FROM STDIN`));
      await pipeline(out, into);
      rows += Number(into.rowCount ?? 0);
    }
    await target.query('COMMIT');
    return { ms: performance.now() - t0, rows };
  } finally {
    await source.end();
    await target.end();
  }
}

export async function benchZoneMove(runs: number, log: (line: string) => void): Promise<Row[]> {
  const rows: Row[] = [];
  const pub = await startBenchServer({ ownDatabase: { prefix: 'cab_zone_pub', keep: false } });
  let zone: BenchServer | undefined;
  let scratch: BenchServer | undefined;
  try {
    const { token, bookId, userId } = await signInWithBook(pub, 'family');
    await fillLargeBook(pub.db, { bookId, userId, count: RECORDS, years: 1 });
    const call = (on: string, method: string, url: string, body?: unknown) =>
      signedFetch(on, method, url, body, token, { 'trading-entity': bookId });
    const total = await new BookRows(pub.db).count(bookId);

    // The same read served where the book is: the forwarded one is read against it.
    const read = () => ok(call(pub.base, 'GET', ACCOUNTING_PATHS.monthSummary)).then(() => undefined);
    const local = await timeRuns(runs, read);

    // The floor: the same rows with COPY into a third database of the same schema (PostgreSQL only).
    let floor: { ms: number; rows: number } | undefined;
    if (pub.kind === 'postgres') {
      scratch = await startBenchServer({ ownDatabase: { prefix: 'cab_zone_copy', keep: false } });
      floor = await copyBook(pub, scratch, bookId);
    }

    await ok(call(pub.base, 'POST', CLOUD_PATHS.functionApply, { biz_type: 'storage', biz_code: 'book_private_storage' }));
    await pub.db
      .updateTable('function_applies')
      .set({ status: 'approved', decided_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    const port = await freePort();
    const reg = (await ok(call(pub.base, 'POST', ZONE_PATHS.zones, { name: 'bench', base_url: `http://127.0.0.1:${port}` }))) as {
      data: { zone: { id: string }; env: Record<string, string> };
    };
    zone = await startBenchServer({ ownDatabase: { prefix: 'cab_zone_priv', keep: false }, env: reg.data.env, port });

    const t0 = performance.now();
    await ok(call(pub.base, 'POST', ZONE_PATHS.publicToPrivateV2, { book_id: bookId, zone_id: reg.data.zone.id }));
    let m: Migration | null = null;
    const status = bookPath(ZONE_PATHS.migrationStatus, { book_id: bookId, migration_type: 'public-to-private' });
    // When each phase was first seen (polled every 20 ms): where the time goes.
    const phases: Record<string, number> = {};
    for (;;) {
      m = ((await ok(call(pub.base, 'GET', status))) as { data: Migration | null }).data;
      if (m) phases[m.status] ??= performance.now() - t0;
      if (m && !['copying', 'verifying', 'cut_over'].includes(m.status)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const moveMs = performance.now() - t0;
    log(
      `zones: phases (first seen, ms): ${Object.entries(phases)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')}`,
    );
    if (m?.status !== 'done') throw new Error(`the move ended ${m?.status}: ${m?.error}`);
    const perSecond = (n: number, t: number) => Math.round(n / (t / 1000)).toLocaleString('en');
    rows.push({
      book: '10k',
      name: `move a book to a private zone (${total.toLocaleString('en')} rows, copy, check, cut-over)`,
      api: `${(moveMs / 1000).toFixed(2)} s, ${perSecond(total, moveMs)} rows/s`,
      floor: floor
        ? `${(floor.ms / 1000).toFixed(2)} s, ${perSecond(floor.rows, floor.ms)} rows/s (COPY between the databases)`
        : 'COPY: PostgreSQL only',
      ratio: floor ? moveMs / floor.ms : NaN,
    });
    log(`zones: moved ${total} rows in ${ms(moveMs)}${floor ? `; COPY ${ms(floor.ms)}` : ''}`);

    const forwarded = await timeRuns(runs, read);
    rows.push({
      book: '10k',
      name: "a read forwarded to the book's zone (month summary)",
      api: `p50 ${ms(median(forwarded))}`,
      floor: `${ms(median(local))} (the same read where the book is)`,
      ratio: median(forwarded) / median(local),
    });
    log(`zones: forwarded read p50 ${ms(median(forwarded))}, served here ${ms(median(local))}`);
  } finally {
    await zone?.close();
    await scratch?.close();
    await pub.close();
  }
  return rows;
}
