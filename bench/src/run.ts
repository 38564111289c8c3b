/**
 * The server benchmark (issue 12): on books of 10,000 and 1,000,000 transactions, what a
 * phone waits for (recording, importing, opening a book, a month by category, the flow,
 * a keyword, the budget center), each beside its floor measured in the same run: the
 * same SQL straight through the driver, plus an empty route of the same server for what
 * any request costs (src/proof/floor.ts). Prints one table; bench/README.md explains it.
 *
 *   npm run bench                          # PostgreSQL (DATABASE_URL, default 127.0.0.1:5432)
 *   npm run bench -- --pglite              # embedded PGlite
 *   BENCH_SIZES=10000 BENCH_RUNS=200 BENCH_WRITES=2000 BENCH_CONCURRENCY=8 npm run bench
 *   BENCH_SIZES= npm run bench             # only the private-zone and import rows (BENCH_ZONES=off, BENCH_IMPORT=off: without them)
 *   BENCH_SIZES= BENCH_ZONES=off BENCH_IMPORT_ROWS=100000 npm run bench   # only the import row
 *   BENCH_SIZES= BENCH_ZONES=off BENCH_IMPORT=off npm run bench             # only the scale rows (BENCH_SCALE=off: without them)
 */
import os from 'node:os';
import { benchBook, type Row } from './proof/book-bench.ts';
import { benchZoneMove } from './proof/zone-bench.ts';
import { benchImport } from './proof/import-bench.ts';
import { benchScale, scaleOptions } from './proof/scale-bench.ts';

const pglite = process.argv.includes('--pglite') || process.env.BENCH_DB === 'pglite';
// startBenchServer makes a database of its own from DATABASE_URL; an empty one means PGlite.
process.env.DATABASE_URL = pglite ? '' : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// The rows compare each read with its SQL: the server computes every answer here, keeping
// none in memory (bench:peers measures kept answers beside computed ones).
process.env.CAB_ANSWER_CACHE ||= 'off';
const sizes = (process.env.BENCH_SIZES ?? '10000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const options = {
  runs: Number(process.env.BENCH_RUNS ?? 100),
  writes: Number(process.env.BENCH_WRITES ?? 1000),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 8),
};

console.log(
  `CAB server bench: ${pglite ? 'PGlite' : 'PostgreSQL'}, books of ${sizes.map((s) => s.toLocaleString('en')).join(' and ')}, ` +
    `${options.runs} runs a read, ${options.writes} writes ${options.concurrency} at a time; Node ${process.version}, ` +
    `${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`,
);
const rows: Row[] = [];
for (const size of sizes) rows.push(...(await benchBook({ size, ...options }, (line) => console.log(line))));
// Moving a book to a private zone, and a read forwarded to it (BENCH_ZONES=off leaves them out).
if (process.env.BENCH_ZONES !== 'off') rows.push(...(await benchZoneMove(options.runs, (line) => console.log(line))));
// Importing a 100,000-row bill from upload to recorded, beside the batch path (BENCH_IMPORT=off leaves it out).
if (process.env.BENCH_IMPORT !== 'off') rows.push(...(await benchImport((line) => console.log(line))));
// The everyday mix through HAProxy to 1, 2 and 3 instances beside one without it (PostgreSQL, Redis
// and HAProxy; BENCH_SCALE=off leaves it out, and so does --pglite: one process holds PGlite).
if (process.env.BENCH_SCALE !== 'off' && !pglite) rows.push(...(await benchScale(scaleOptions(process.env), (line) => console.log(line))));

const cells = (r: Row) => [r.book, r.name, r.api, r.floor, Number.isNaN(r.ratio) ? '' : r.ratio.toFixed(2)];
const table = [['book', 'row', 'API', 'floor', 'ratio'], ...rows.map(cells)];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\n${line(table[0]!)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${table.slice(1).map(line).join('\n')}`);
const over = rows.filter((r) => r.ratio > 1.5);
if (over.length) console.log(`\nabove 1.5x their floor: ${over.map((r) => `${r.book} ${r.name} (${r.ratio.toFixed(2)})`).join('; ')}`);
