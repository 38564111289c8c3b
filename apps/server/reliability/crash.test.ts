/**
 * Crash: the server process is killed with SIGKILL in the middle of a burst of creates,
 * edits and deletes, and started again on the same database, several rounds in a row,
 * on PGlite and on PostgreSQL. Every write answered 2xx must be there, none answered
 * otherwise or left unanswered may be half-applied, a retried unanswered write (same
 * Idempotency-Key) is applied once, and every balance is the sum of its transactions.
 * CAB_CRASH_ROUNDS sets the rounds per database (3), CAB_CRASH_SEED the random seed.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/index.ts';
import { startServerProcess, waitForExit, type RunningServer } from '../test/process.ts';
import { postgresAvailable, scratchDatabase, type ScratchDatabase } from './databases.ts';
import { balancesThroughApi, checkDatabase, checkRecordsThroughApi, retryUnanswered } from './ledger-check.ts';
import { Clients, fromMigratedDump, makeBook, makeRng, type CallRecord } from './client.ts';
import { Ledger, runWriter } from './workload.ts';

const ROUNDS = Number(process.env.CAB_CRASH_ROUNDS ?? 3);
const SEED = Number(process.env.CAB_CRASH_SEED ?? Date.now() % 1_000_000);
const BOOKS = 4;
const WRITERS_PER_BOOK = 2;
/** Acknowledged writes a round waits for before the kill is armed, so every round has something to lose. */
const ACKED_BEFORE_KILL = 40;

const running: RunningServer[] = [];
const figures = { pglite: 0, postgres: 0, acked: 0, unanswered: 0, retried: 0, halfway: 0 };

afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  console.log(
    `crash: ${figures.pglite} rounds survived on pglite, ${figures.postgres} on postgres, ${figures.acked} acknowledged writes checked ` +
      `(${figures.unanswered} unanswered at the kill: ${figures.retried} retried with their key, ${figures.halfway} of the rest found applied whole; seed ${SEED})`,
  );
});

async function start(db: ScratchDatabase): Promise<RunningServer> {
  const server = await startServerProcess(db.env);
  running.push(server);
  return server;
}

/** One round: books, a burst of writers, a SIGKILL at a random moment; returns the round's ledgers and the server started after. */
async function crashRound(db: ScratchDatabase, server: RunningServer, round: number): Promise<{ ledgers: Ledger[]; next: RunningServer }> {
  const rng = makeRng(SEED * 31 + round);
  const ledgers = await Promise.all(Array.from({ length: BOOKS }, async () => new Ledger(await makeBook(server.base))));
  const calls: CallRecord[] = [];
  let killed = false;
  const writers = new Clients();
  for (const [b, ledger] of ledgers.entries()) {
    const prefix = `c${db.kind === 'pglite' ? 'l' : 'p'}${SEED}r${round}b${b}`;
    for (let w = 0; w < WRITERS_PER_BOOK; w++) {
      writers.add(
        runWriter(server.base, ledger, { writer: w, prefix, rng: makeRng(rng() * 2 ** 32), stop: () => killed, keyed: 0.4, calls }),
      );
    }
  }
  const acked = () => ledgers.reduce((n, l) => n + l.writes.filter((w) => w.outcome === 'acked').length, 0);
  await writers.until(() => acked() >= ACKED_BEFORE_KILL, `${ACKED_BEFORE_KILL} acknowledged writes`);
  await new Promise((r) => setTimeout(r, rng() * 1500));
  server.proc.kill('SIGKILL');
  killed = true;
  await writers.finish();
  await waitForExit(server.proc);

  const writes = ledgers.flatMap((l) => l.writes);
  // A burst on a healthy server is answered 2xx; only the kill leaves writes without an answer.
  expect(writes.filter((w) => w.outcome === 'refused').map((w) => `${w.tag} ${w.method} ${w.url}: ${w.status}`)).toEqual([]);
  expect(writes.filter((w) => w.failure === 'timeout').map((w) => w.tag)).toEqual([]);
  figures.unanswered += writes.filter((w) => w.outcome === 'unanswered').length;

  const next = await start(db);
  for (const l of ledgers) await checkRecordsThroughApi(next.base, l);
  for (const l of ledgers) figures.retried += await retryUnanswered(next.base, l);
  return { ledgers, next };
}

async function crashRounds(kind: 'pglite' | 'postgres'): Promise<void> {
  const db = await scratchDatabase(kind, 'crash');
  try {
    await fromMigratedDump(db);
    const ledgers: Ledger[] = [];
    const balances = new Map<Ledger, Map<string, bigint>>();
    let server = await start(db);
    for (let round = 0; round < ROUNDS; round++) {
      const done = await crashRound(db, server, round);
      server = done.next;
      for (const l of done.ledgers) balances.set(l, await balancesThroughApi(server.base, l));
      ledgers.push(...done.ledgers);
    }
    // Earlier rounds' books are still as they were after the later crashes.
    for (const l of ledgers) await checkRecordsThroughApi(server.base, l);
    server.proc.kill('SIGTERM');
    expect(await waitForExit(server.proc)).toBe(0);

    // The database itself, once no server holds it (PGlite allows one process).
    const handle = await openDatabase(db.url ? { databaseUrl: db.url } : { dataDir: path.join(db.dataDir, 'pgdata') });
    try {
      for (const l of ledgers) {
        const found = await checkDatabase(handle.db, l, balances.get(l) ?? new Map());
        figures.acked += found.acked;
        figures.halfway += found.applied;
      }
    } finally {
      await handle.close();
    }
    figures[kind] += ROUNDS;
  } finally {
    for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await db.drop();
  }
}

describe('crash: SIGKILL during a burst of writes', () => {
  it('keeps every acknowledged write and half-applies none, on PGlite', async () => {
    await crashRounds('pglite');
  });

  it('keeps every acknowledged write and half-applies none, on PostgreSQL', async () => {
    if (!(await postgresAvailable())) return;
    await crashRounds('postgres');
  });
});
