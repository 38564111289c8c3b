/**
 * The import row of `npm run bench` (issue 31, docs/imports.md): a 100,000-row Alipay
 * CSV from upload to recorded (streamed up, read, checked for duplicates, recorded in one
 * transaction), beside its floor: the same records through the batch path accounting
 * already has, 1,000 a call; and the server's peak memory while it imports.
 *
 * On PostgreSQL the server is a production process of its own, whose memory is read from
 * /proc (its resident set sampled, and its high-water mark); PGlite allows one process,
 * so there the server is in-process and the figure is this process's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ACCOUNTING_PATHS, IMPORT_PATHS, bookPath, type ImportView } from '@cab/contracts';
import { signedFetch, signedHeaders, startServerProcess } from '../../../apps/server/test/process.ts';
import { writeAlipayBill } from '../../../apps/server/test/alipay-bill.ts';
import { signInWithBook, startBenchServer } from '../server.ts';
import type { Row } from './book-bench.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const s = (v: number) => `${(v / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** The process's resident set now and its high-water mark, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

export async function benchImport(log: (line: string) => void): Promise<Row[]> {
  const setup = await startBenchServer({ ownDatabase: { prefix: 'cab_import', keep: false } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-import-bench-'));
  let timed: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    if (setup.kind === 'postgres')
      timed = await startServerProcess({ DATABASE_URL: setup.databaseUrl!, NODE_ENV: 'production', CAB_DATA_DIR: path.join(dir, 'data') });
    const base = timed?.base ?? setup.base;
    const pid = timed?.proc.pid ?? process.pid;
    const { token, bookId } = await signInWithBook(setup, 'family');
    const file = path.join(dir, 'alipay.csv');
    const size = writeAlipayBill(file, ROWS);
    log(`import: wrote a ${ROWS.toLocaleString('en')}-row Alipay CSV of ${mb(size)}`);

    const before = memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 50);
    const t0 = performance.now();
    const boundary = '----cabbench';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nalipay\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="alipay.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* fs.createReadStream(file, { highWaterMark: 256 * 1024 });
        yield tail;
      })(),
    );
    const up = await fetch(base + IMPORT_PATHS.imports, {
      method: 'POST',
      headers: {
        ...signedHeaders('POST', IMPORT_PATHS.imports, '', token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'trading-entity': bookId,
      },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const id = ((await up.json()) as { data: ImportView }).data.id;
    const view = async () => {
      const r = await signedFetch(base, 'GET', bookPath(IMPORT_PATHS.item, { id }), undefined, token, { 'trading-entity': bookId });
      return ((await r.json()) as { data: ImportView }).data;
    };
    const until = async (status: ImportView['status']) => {
      for (;;) {
        const v = await view();
        if (v.status === status) return v;
        if (v.status === 'failed') throw new Error(`import failed: ${v.error?.message}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const ready = await until('ready');
    const readMs = performance.now() - t0;
    const d = ready.defaults!;
    const commit = await signedFetch(
      base,
      'POST',
      bookPath(IMPORT_PATHS.commit, { id }),
      { account_id: d.account?.id, expense_category_id: d.expense_category?.id, income_category_id: d.income_category?.id },
      token,
      { 'trading-entity': bookId },
    );
    if (commit.status !== 202) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
    const done = await until('done');
    const importMs = performance.now() - t0;
    clearInterval(sampler);
    const after = memoryOf(pid);
    peak = Math.max(peak, after.rss);
    log(
      `import: ${done.counts.recorded.toLocaleString('en')} recorded in ${s(importMs)} (read ${s(readMs)}); ` +
        `server RSS ${mb(before.rss)} before, peak ${mb(peak)} sampled${timed ? `, high-water ${mb(after.hwm)}` : ''}`,
    );

    // The floor: the same records through the batch path, 1,000 a call, one after another, into another book.
    const other = await signInWithBook(setup, 'family');
    const dims = (await (
      await signedFetch(base, 'GET', ACCOUNTING_PATHS.accounts, undefined, other.token, { 'trading-entity': other.bookId })
    ).json()) as { data: Array<{ accounts: Array<{ id: string }> }> };
    const cats = (await (
      await signedFetch(base, 'GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`, undefined, other.token, {
        'trading-entity': other.bookId,
      })
    ).json()) as { data: Array<{ id: string }> };
    const account = dims.data[0]!.accounts[0]!.id;
    const category = cats.data[0]!.id;
    const f0 = performance.now();
    for (let from = 0; from < ROWS; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, ROWS - from) }, (_, k) => ({
        business_type: 'Expense',
        account: { id: account },
        category: { id: category },
        amount: (((from + k) % 9973) / 7 + 1).toFixed(2),
        transaction_time: Date.UTC(2023, 0, 1) + (from + k) * 600_000,
        remark: `商品${(from + k) % 97}`,
      }));
      const r = await signedFetch(base, 'POST', ACCOUNTING_PATHS.batch, { transaction_vo_list: batch }, other.token, {
        'trading-entity': other.bookId,
      });
      if (r.status !== 201) throw new Error(`batch: ${r.status} ${await r.text()}`);
    }
    const floorMs = performance.now() - f0;
    log(`import: the batch path's floor, ${ROWS.toLocaleString('en')} in ${s(floorMs)}`);
    return [
      {
        book: 'import',
        name: `${ROWS.toLocaleString('en')}-row Alipay CSV (${mb(size)}), upload to recorded; server peak memory`,
        api: `${s(importMs)} (${Math.round(ROWS / (importMs / 1000)).toLocaleString('en')} rows/s), peak ${mb(peak)}`,
        floor: `batch path ${s(floorMs)} (${ROWS / 1000} calls of 1,000)`,
        ratio: importMs / floorMs,
      },
    ];
  } finally {
    timed?.proc.kill('SIGTERM');
    await setup.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
