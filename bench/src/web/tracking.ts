/**
 * What the web app's tracking client costs a page (issue 30; apps/web/src/lib/tracking.ts),
 * part of `npm run bench:web` and alone as `npm run web:tracking -w @cab/bench` (some
 * 20 s, no build):
 *
 * - its own weight: the client and its hooks bundled and minified by esbuild, gzip,
 *   without what the first load has anyway (bridge, idle queue, book store, routes): the
 *   queue in the first load, the encoder (tracking-batch.ts) loaded after it;
 * - in Chromium at 4x slower CPU (Lighthouse's mobile setting), cross-origin isolated
 *   (5 µs timer): 10,000 `track()` calls in 500 rounds of 20, each round then flushed
 *   as a page that is hidden is (one request of 20 events), against the same loop calling
 *   an empty function; so the caller's path and the flush are timed apart (after 100
 *   rounds that are not counted);
 * - every request checked by the collector's own schemas (`TrackingQuery`, `TrackingBatch`).
 */
import { TrackingBatch, TrackingQuery } from '@cab/contracts';
// esbuild comes with the server's build (apps/server/build.mjs), hoisted to the root.
import * as esbuild from 'esbuild';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import puppeteer from 'puppeteer-core';

const WEB_SRC = path.resolve(import.meta.dirname, '../../../apps/web/src');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROUNDS = 500;
const PER_ROUND = 20;

/** At one CPU speed: microseconds per call, and milliseconds of main thread per round of 20 events. */
export interface RateCost {
  /** Chromium's CPU slowdown: 1 is this machine, 4 Lighthouse's mobile phone. */
  cpu: number;
  /** A `track()` call, and a call of an empty function in the same loop. */
  callUs: number;
  emptyUs: number;
  /** The flush as the page is hidden: encode 20 events and start the GET, on the spot. */
  flushMs: number;
  /** Everything on the main thread for 20 events (calls, flush, the request's answer), less the same loop without tracking. */
  allMs: number;
}

export interface TrackingCost {
  /** Gzip bytes of the client and its hooks, minified: in the first load, and the encoder that comes after. */
  ownGzip: { first: number; later: number };
  rates: RateCost[];
  requests: number;
  accepted: number;
  refused: number;
  timerUs: number;
}

const MODE = { 'import.meta.env.MODE': '"production"' };

/** The client's own minified weight, in the first load and after it: what lies in other modules of the first load is left out. */
async function ownWeight(): Promise<{ first: number; later: number }> {
  const out = await esbuild.build({
    stdin: {
      contents: `export { track } from './lib/tracking.ts'; export { trackPage, startTracking } from './app/tracking.ts';`,
      resolveDir: WEB_SRC,
      loader: 'ts',
      sourcefile: 'first-load.ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    outdir: '/tracking-weight',
    write: false,
    define: MODE,
    plugins: [
      {
        name: 'first-load-anyway',
        setup(b) {
          b.onResolve({ filter: /^@cab\/contracts|\/(sign|bridge|idle|book|route-table)\.ts$/ }, (a) => ({ path: a.path, external: true }));
        },
      },
    ],
  });
  const gzip = (f: esbuild.OutputFile) => zlib.gzipSync(f.contents, { level: 9 }).length;
  const [first, ...later] = [...out.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('/first-load.js')) - Number(a.path.endsWith('/first-load.js')),
  );
  return { first: first ? gzip(first) : NaN, later: later.reduce((n, f) => n + gzip(f), 0) };
}

/** The client as the page runs it, as one script that sets `cabTracking`. */
async function pageScript(): Promise<string> {
  const out = await esbuild.build({
    entryPoints: [path.join(WEB_SRC, 'lib/tracking.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'cabTracking',
    write: false,
    define: MODE,
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

/** A collector for the bench: answers 204 and checks each batch with the server's schemas. */
function collector(script: string) {
  const seen = { requests: 0, accepted: 0, refused: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/cab-track-ws/v1/events') {
      seen.requests++;
      const query = TrackingQuery.safeParse(Object.fromEntries(url.searchParams));
      const batch = query.success
        ? TrackingBatch.safeParse(JSON.parse(Buffer.from(query.data.content, 'base64url').toString('utf8')))
        : undefined;
      if (batch?.success) seen.accepted += batch.data.events.length;
      else seen.refused++;
      res.writeHead(batch?.success ? 204 : 400).end();
      return;
    }
    // Cross-origin isolated, so performance.now() counts in 5 µs and not 100 µs.
    res
      .writeHead(200, {
        'content-type': 'text/html',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end(`<!doctype html><title>tracking</title><script>${script}</script>`);
  });
  return { server, seen };
}

interface PageTimes {
  callMs: number;
  emptyMs: number;
  flushMs: number;
  isolated: boolean;
}

/** Rounds of 20 calls, each round flushed as a hidden page is; `on: false` makes the same loop without tracking. */
function rounds(rounds: number, perRound: number, on: boolean): Promise<PageTimes> {
  return (async () => {
    type Track = (key: string, extra?: { book_id?: string }) => void;
    const { track } = (window as unknown as { cabTracking: { track: Track } }).cabTracking;
    const empty: Track = new Function('key', 'extra', '') as Track;
    let callMs = 0;
    let emptyMs = 0;
    let flushMs = 0;
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      if (on) for (let i = 0; i < perRound; i++) track('record.saved', { book_id: '12' });
      const t1 = performance.now();
      if (on) window.dispatchEvent(new Event('pagehide'));
      const t2 = performance.now();
      for (let i = 0; i < perRound; i++) empty('record.saved', { book_id: '12' });
      const t3 = performance.now();
      callMs += t1 - t0;
      flushMs += t2 - t1;
      emptyMs += t3 - t2;
      // As on a page: the task the 20th call asked for runs (on an empty queue) before the next round.
      await new Promise((r) => setTimeout(r, 0));
    }
    // The last answers arrive.
    await new Promise((r) => setTimeout(r, 500));
    return { callMs, emptyMs, flushMs, isolated: crossOriginIsolated };
  })();
}

export async function measureTracking(): Promise<TrackingCost> {
  const [ownGzip, script] = await Promise.all([ownWeight(), pageScript()]);
  const { server, seen } = collector(script);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    // Main-thread time in all, tasks of the page's own and the browser's for it (CDP's TaskDuration, seconds).
    const busy = async () => ((await page.metrics()).TaskDuration ?? NaN) * 1000;
    const run = async (n: number, on: boolean) => {
      const before = await busy();
      const times = await page.evaluate(rounds, n, PER_ROUND, on);
      return { ...times, busyMs: (await busy()) - before };
    };
    await run(100, true); // warm-up: the JIT, the first requests
    const rates: RateCost[] = [];
    let isolated = false;
    for (const cpu of [1, 4]) {
      await page.emulateCPUThrottling(cpu);
      const base = await run(ROUNDS, false);
      const t = await run(ROUNDS, true);
      isolated = t.isolated;
      const calls = ROUNDS * PER_ROUND;
      rates.push({
        cpu,
        callUs: (t.callMs / calls) * 1000,
        emptyUs: (t.emptyMs / calls) * 1000,
        flushMs: t.flushMs / ROUNDS,
        allMs: (t.busyMs - base.busyMs) / ROUNDS,
      });
    }
    return { ownGzip, rates, ...seen, timerUs: isolated ? 5 : 100 };
  } finally {
    await browser.close();
    server.close();
  }
}

export function describeTracking(c: TrackingCost): string {
  const rows = c.rates.map(
    (r) => `| ${r.cpu}x | ${r.callUs.toFixed(2)} | ${r.emptyUs.toFixed(2)} | ${r.flushMs.toFixed(2)} | ${r.allMs.toFixed(2)} |`,
  );
  return [
    `Tracking client (apps/web/src/lib/tracking.ts) in Chromium: ${ROUNDS * PER_ROUND} track() calls in rounds of ${PER_ROUND}, each round flushed (timer ${c.timerUs} µs).`,
    `Own weight (esbuild, minified, gzip): ${(c.ownGzip.first / 1024).toFixed(2)} KB in the first load, ${(c.ownGzip.later / 1024).toFixed(2)} KB for the encoder after it. The collector's schemas, warm-up included: ${c.requests} requests, ${c.accepted} events accepted, ${c.refused} batches refused.`,
    '',
    `| CPU | track() µs a call | empty function µs a call | flush of ${PER_ROUND} ms (encode, start the GET) | main thread ms per ${PER_ROUND} events, all told |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
