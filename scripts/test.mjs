// `npm test`: every check of the project, in two lanes that keep both cores busy, then
// the time each step took. A failing step does not stop the others; its output is
// printed in full and the run exits 1.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A lane runs its steps one after another; the lanes run side by side. */
const LANES = [
  // The server suite: its two workers wait on server processes and databases part of the time.
  [{ name: 'server tests (vitest, PGlite)', cmd: ['npm', 'run', '-s', 'test', '-w', '@cab/server'] }],
  [
    { name: 'format (oxfmt --check)', cmd: ['npm', 'run', '-s', 'format:check'] },
    { name: 'lint (eslint)', cmd: ['npm', 'run', '-s', 'lint'] },
    { name: 'import graph (circles, layers)', cmd: ['npm', 'run', '-s', 'check:imports'] },
    { name: 'type check (tsc 7, five projects)', cmd: ['npm', 'run', '-s', 'typecheck'] },
    { name: 'contracts tests (vitest)', cmd: ['npm', 'run', '-s', 'test', '-w', '@cab/contracts'] },
    { name: 'web tests (vitest, jsdom)', cmd: ['npm', 'run', '-s', 'test:unit', '-w', '@cab/web'] },
    { name: 'first-load size (vite build)', cmd: ['npm', 'run', '-s', 'size', '-w', '@cab/web'] },
  ],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = '';
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const result = { ...step, ok: code === 0, ms: Date.now() - started };
      // Steps run side by side: each prints as a whole when it ends, so outputs never interleave.
      process.stdout.write(`\n== ${step.name}: ${result.ok ? 'passed' : 'FAILED'} in ${seconds(result.ms)}\n${output}`);
      resolve(result);
    });
  });
}

const started = Date.now();
const lanes = await Promise.all(
  LANES.map(async (lane) => {
    const results = [];
    for (const step of lane) results.push(await run(step));
    return results;
  }),
);
const results = lanes.flat();
const width = Math.max(...results.map((r) => r.name.length));
console.log('\n== npm test: time of each step (the two lanes run side by side)');
for (const r of results) console.log(`  ${r.name.padEnd(width)}  ${seconds(r.ms).padStart(8)}  ${r.ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}`);
const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.log(`\nFailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
