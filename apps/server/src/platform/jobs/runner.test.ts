import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { JobsRepository } from './jobs.repository.ts';
import { JobRunner, retryDelay, runKey, type Job } from './runner.ts';

/** The job mechanism against a migrated database (PGlite, or PostgreSQL in CI), two instances as two runners. */
let h: DatabaseHandle;
let jobs = 0;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(() => h.close());

const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;

/** A daily job of this test's own that counts its runs (and can be made to fail or wait). */
function counting(o: { fail?: () => boolean; wait?: Promise<void> } = {}) {
  const runs: string[] = [];
  const job: Job = {
    name: `test-job-${++jobs}`,
    period: 'daily',
    leaseMs: 10 * 60_000,
    run: async (at) => {
      await o.wait;
      if (o.fail?.()) throw new Error('the provider did not answer');
      runs.push(at.toISOString());
      return `ran for ${runs.length}`;
    },
  };
  return { job, runs };
}

const instance = (clock: ManualClock, owner: string, job: Job) => new JobRunner(h.db, clock, { zone: ZONE, owner }).register(job);

describe('the one job mechanism', () => {
  it('counts periods in its zone', () => {
    const at = new Date('2026-11-25T17:30:00Z');
    expect(runKey('daily', at, ZONE)).toBe('2026-11-26');
    expect(runKey('hourly', at, ZONE)).toBe('2026-11-26T01');
    expect(runKey('daily', at, 'UTC')).toBe('2026-11-25');
    expect(runKey('minutely', at, ZONE)).toBe('2026-11-26T01:30');
  });

  it('runs a minutely job once a minute, and keeps its finished runs a day, not 30', async () => {
    const clock = new ManualClock(Date.parse('2026-12-01T00:00:10Z'));
    let runs = 0;
    const job: Job = { name: 'every-minute', period: 'minutely', leaseMs: 60_000, run: async () => String(++runs) };
    const a = instance(clock, 'a', job);
    const b = instance(clock, 'b', job);
    expect((await a.tick())[0]).toMatchObject({ result: 'ran', runKey: '2026-12-01T08:00' });
    expect((await b.tick())[0]).toMatchObject({ result: 'held' });
    clock.advance(60_000);
    expect((await b.tick())[0]).toMatchObject({ result: 'ran', runKey: '2026-12-01T08:01' });
    const kept = () => h.db.selectFrom('job_runs').select('run_key').where('job', '=', 'every-minute').execute();
    expect(await kept()).toHaveLength(2);
    clock.advance(86_400_000 + 60_000);
    await a.tick();
    // The two of yesterday are gone; today's is kept.
    expect((await kept()).map((r) => r.run_key)).toEqual(['2026-12-02T08:02']);
  });

  it('runs a period once, whatever the number of instances ticking, and again the next period', async () => {
    const clock = new ManualClock(Date.parse('2026-11-26T02:00:00Z'));
    const { job, runs } = counting();
    const a = instance(clock, 'a', job);
    const b = instance(clock, 'b', job);
    const results = (await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])).flat();
    expect(results.filter((r) => r.result === 'ran')).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Done: later ticks the same day leave it.
    clock.advance(3_600_000);
    expect((await b.tick())[0]?.result).toBe('held');
    clock.advance(DAY);
    expect((await b.tick())[0]).toMatchObject({ result: 'ran', runKey: '2026-11-27' });
    expect(runs).toHaveLength(2);
  });

  it('takes over the run of an instance that died, once its lease has run out', async () => {
    const clock = new ManualClock(Date.parse('2026-11-26T03:00:00Z'));
    const { job, runs } = counting();
    // An instance took the run and died before finishing it.
    const now = new Date(clock.now());
    expect(await new JobsRepository(h.db).claim(job.name, '2026-11-26', 'dead', now, new Date(now.getTime() + job.leaseMs), now)).toEqual({
      attempts: 1,
    });
    const b = instance(clock, 'b', job);
    expect((await b.tick())[0]?.result).toBe('held');
    clock.advance(job.leaseMs + 1);
    expect((await b.tick())[0]?.result).toBe('ran');
    expect(runs).toHaveLength(1);
    const [row] = await new JobsRepository(h.db).latest(1, { job: job.name });
    expect(row).toMatchObject({ status: 'done', owner: 'b', attempts: 2, outcome: 'ran for 1' });
  });

  it('keeps a failed run, says why, and tries it again a few minutes later', async () => {
    const clock = new ManualClock(Date.parse('2026-11-26T04:00:00Z'));
    let failing = true;
    const { job, runs } = counting({ fail: () => failing });
    const a = instance(clock, 'a', job);
    expect((await a.tick())[0]).toMatchObject({ result: 'failed', outcome: 'the provider did not answer' });
    expect((await new JobsRepository(h.db).latest(1, { job: job.name }))[0]).toMatchObject({
      status: 'failed',
      outcome: 'the provider did not answer',
    });
    expect((await a.tick())[0]?.result).toBe('held');
    failing = false;
    clock.advance(5 * 60_000 + 1);
    expect((await a.tick())[0]?.result).toBe('ran');
    expect(runs).toHaveLength(1);
  });

  it('runs a named job for a given moment (the operator command), and refuses an unknown one', async () => {
    const clock = new ManualClock(Date.parse('2026-11-26T05:00:00Z'));
    const { job, runs } = counting();
    const a = instance(clock, 'a', job);
    expect(await a.run(job.name, new Date('2026-12-01T12:00:00Z'))).toMatchObject({ result: 'ran', runKey: '2026-12-01' });
    expect(runs).toEqual(['2026-12-01T12:00:00.000Z']);
    await expect(a.run('nope', new Date())).rejects.toThrow(/no job nope/);
  });

  it('waits longer after each failure: 5, 10, 20, 40, then every 60 minutes', async () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((n) => retryDelay(n) / 60_000)).toEqual([5, 10, 20, 40, 60, 60, 60]);
    const clock = new ManualClock(Date.parse('2026-11-26T06:00:00Z'));
    let failing = true;
    const { job, runs } = counting({ fail: () => failing });
    const a = instance(clock, 'a', job);
    expect((await a.tick())[0]?.result).toBe('failed');
    clock.advance(5 * 60_000 + 1);
    expect((await a.tick())[0]?.result).toBe('failed');
    // The second failure waits 10 minutes, not 5.
    clock.advance(5 * 60_000 + 1);
    expect((await a.tick())[0]?.result).toBe('held');
    clock.advance(5 * 60_000);
    failing = false;
    expect((await a.tick())[0]).toMatchObject({ result: 'ran' });
    expect(runs).toHaveLength(1);
    expect((await new JobsRepository(h.db).latest(1, { job: job.name }))[0]).toMatchObject({ status: 'done', attempts: 3 });
  });

  it("finishes a past period's run after the period ended, for its own moment: once, by one instance", async () => {
    // The daily run of 26 November starts at 23:50 (China time) on an instance that dies.
    const clock = new ManualClock(Date.parse('2026-11-26T15:50:00Z'));
    let dying = true;
    const { job, runs } = counting({ fail: () => dying });
    const dead = instance(clock, 'dead', job);
    expect((await dead.tick())[0]).toMatchObject({ result: 'failed', runKey: '2026-11-26' });
    dying = false;
    // After midnight the instances' ticks run the 27th and take up the 26th, once between them.
    clock.set(Date.parse('2026-11-26T16:30:00Z'));
    const [a, b] = [instance(clock, 'a', job), instance(clock, 'b', job)];
    const results = (await Promise.all([a.tick(), b.tick()])).flat();
    expect(
      results
        .filter((r) => r.result === 'ran')
        .map((r) => r.runKey)
        .sort(),
    ).toEqual(['2026-11-26', '2026-11-27']);
    expect(runs.sort()).toEqual(['2026-11-26T15:50:00.000Z', '2026-11-26T16:30:00.000Z']);
    expect((await Promise.all([a.tick(), b.tick()])).flat().filter((r) => r.result === 'ran')).toEqual([]);
  });

  it('leaves a minutely run, and a run older than 7 days, to later runs', async () => {
    const clock = new ManualClock(Date.parse('2026-11-26T07:00:00Z'));
    let failing = true;
    let minutely = 0;
    const everyMinute: Job = {
      name: 'resumer',
      period: 'minutely',
      leaseMs: 60_000,
      run: async () => {
        if (failing) throw new Error('not now');
        return String(++minutely);
      },
    };
    const { job, runs } = counting({ fail: () => failing });
    const a = new JobRunner(h.db, clock, { zone: ZONE, owner: 'a' }).register(everyMinute).register(job);
    expect((await a.tick()).map((r) => r.result)).toEqual(['failed', 'failed']);
    failing = false;
    clock.advance(8 * DAY);
    const later = await a.tick();
    // This minute's run and this day's run; neither the old minute nor the day 8 days ago.
    expect(later.map((r) => [r.job, r.result, r.runKey])).toEqual([
      ['resumer', 'ran', '2026-12-04T15:00'],
      [job.name, 'ran', '2026-12-04'],
    ]);
    expect(runs).toHaveLength(1);
    expect(minutely).toBe(1);
  });
});
