/**
 * `npm run bench:start`: how long the server takes from its command to its first answer,
 * and how much memory it holds once idle, run as TypeScript through tsx (`npm run serve`)
 * and as the compiled bundle `npm start` runs (`node apps/server/dist/main.js`). Each run
 * is a "second start": the data directory (embedded PGlite, migrated and seeded by a first
 * start that is not counted) is already there, as on every start but a deployment's first.
 *
 *   npm run bench:start               # 5 starts of each, alternating
 *   BENCH_START_RUNS=9 npm run bench:start
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../../apps/server');
const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const PORT = 4390;

const COMMANDS = {
  'tsx (src/main.ts)': ['--import', 'tsx', 'src/main.ts'],
  'node (dist/main.js)': ['--enable-source-maps', 'dist/main.js'],
} as const;
type Name = keyof typeof COMMANDS;

interface Sample {
  firstAnswerMs: number;
  rssMb: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/server/info`)).ok;
  } catch {
    return false;
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function stop(proc: ChildProcess): Promise<void> {
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

async function startOnce(name: Name, dataDir: string): Promise<Sample> {
  const started = performance.now();
  const proc = spawn(process.execPath, [...COMMANDS[name]], {
    cwd: server,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', CAB_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  while (!(await answers())) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
    if (performance.now() - started > 60_000) throw new Error(`${name} did not answer in 60 s`);
    await sleep(10);
  }
  const firstAnswerMs = performance.now() - started;
  // Idle: the start-up's garbage collected, housekeeping's first round done.
  await sleep(3000);
  const sample = { firstAnswerMs, rssMb: rssMb(proc.pid!) };
  await stop(proc);
  return sample;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!fs.existsSync(path.join(server, 'dist/main.js'))) throw new Error('build the server first: npm run build -w @cab/server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-bench-start-'));
try {
  await startOnce('node (dist/main.js)', dataDir); // the first start writes the database; not counted
  const samples: Record<Name, Sample[]> = { 'tsx (src/main.ts)': [], 'node (dist/main.js)': [] };
  for (let i = 0; i < runs; i++) for (const name of Object.keys(COMMANDS) as Name[]) samples[name].push(await startOnce(name, dataDir));
  console.log(
    `\nServer start, ${runs} runs each (second starts, embedded PGlite); Node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| command | first answer ms (median) | runs | RSS at idle MB (median) |');
  console.log('| --- | --- | --- | --- |');
  for (const name of Object.keys(COMMANDS) as Name[]) {
    const s = samples[name];
    const ms = s.map((x) => x.firstAnswerMs);
    console.log(
      `| ${name} | ${median(ms).toFixed(0)} | ${ms.map((m) => m.toFixed(0)).join(' ')} | ${median(s.map((x) => x.rssMb)).toFixed(0)} |`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
