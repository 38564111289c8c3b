/**
 * Web first-load benchmark (not part of npm test):
 *
 *   npm run bench:web                # builds, starts the production server, 3 Lighthouse runs a page
 *   BENCH_WEB_RUNS=5 BENCH_WEB_PAGES=home npm run bench:web
 *
 * After one uncounted warm-up run, for home, mine and the dashboard it prints the compressed JavaScript and CSS the
 * page needs first (from the build, as the size check counts it), what a run
 * actually transferred, and the median of Lighthouse mobile performance, FCP, LCP
 * and TBT. Then what the tracking client costs a page (src/web/tracking.ts: its weight, a
 * call, a flush). Needs Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryKey, firstLoad, kb, readManifest } from '../../apps/web/scripts/first-load.ts';
import { startServerProcess, waitForExit } from '../../apps/server/test/process.ts';
import { runLighthouse, type PageRun } from './web/lighthouse.ts';
import { firstScreens, seed, signedInStorage } from './web/seed.ts';
import { describeTracking, measureTracking } from './web/tracking.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'apps/web/dist');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log('building the web app...');
execFileSync('npm', ['run', 'build', '-w', '@cab/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const manifest = readManifest(DIST);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-bench-web-'));
console.log('seeding a user with books...');
const seeded = await seed(dataDir);
const server = await startServerProcess({ NODE_ENV: 'production', CAB_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });

const storage = signedInStorage(seeded);
const pages = firstScreens(seeded.book);

const only = process.env.BENCH_WEB_PAGES?.split(',');
const measured = only ? pages.filter((p) => only.includes(p.name)) : pages;

const rows: string[][] = [
  ['page', 'first-load JS gz KB', 'CSS gz KB', 'JS sent KB', 'CSS sent KB', 'performance', 'FCP ms', 'LCP ms', 'TBT ms', 'runs (score)'],
];
try {
  // One run that is not counted: the server's first calls (JIT, database caches) and a
  // cold disk would otherwise weigh on whichever page happens to go first.
  process.stdout.write('warm-up run...\r');
  await runLighthouse(`${server.base}/#${pages[0]!.hash}`, storage);
  for (const p of measured) {
    const weight = firstLoad(DIST, manifest, [entryKey(manifest), p.chunk]);
    const runs: PageRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      process.stdout.write(`lighthouse ${p.name} run ${i + 1}/${RUNS}...\r`);
      runs.push(await runLighthouse(`${server.base}/#${p.hash}`, storage));
    }
    const m = (f: (r: PageRun) => number) => median(runs.map(f));
    rows.push([
      p.name,
      kb(weight.jsGzip),
      kb(weight.cssGzip),
      kb(m((r) => r.jsTransfer)),
      kb(m((r) => r.cssTransfer)),
      String(m((r) => r.score)),
      m((r) => r.fcpMs).toFixed(0),
      m((r) => r.lcpMs).toFixed(0),
      m((r) => r.tbtMs).toFixed(0),
      runs.map((r) => r.score).join(' '),
    ]);
  }
} finally {
  server.proc.kill('SIGTERM');
  await waitForExit(server.proc);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const width = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\nCAB web first load: Lighthouse mobile (simulated slow 4G, 4x CPU), median of ${RUNS} runs, Node ${process.version}\n`);
console.log(`| ${rows[0]!.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`);
console.log(`| ${width.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const r of rows.slice(1)) console.log(`| ${r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join(' | ')} |`);

// What the tracking client costs a page: its weight, a call, a flush (src/web/tracking.ts).
console.log(`\n${describeTracking(await measureTracking())}`);
