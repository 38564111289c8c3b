import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/log.ts';
import { afterAnswer, followUpsSettled, registerFollowUps } from './follow-up.ts';

/** A server with one route whose answer is followed by `task`, its log lines kept. */
function serverWith(task: () => Promise<void>) {
  const lines: string[] = [];
  const app = Fastify({ loggerInstance: createLogger('info', { write: (l) => void lines.push(l) }) });
  registerFollowUps(app);
  app.post('/write', async (req, reply) => {
    afterAnswer(reply, 'telling the book', task);
    return { ok: true };
  });
  return { app, lines };
}

/** A promise and the hand that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('work after the answer', () => {
  it('starts once the answer is out, does not hold it, and runs once', async () => {
    const g = gate();
    const steps: string[] = [];
    const s = serverWith(async () => {
      steps.push('started');
      await g.opened;
      steps.push('done');
    });
    app = s.app;
    const res = await app.inject({ method: 'POST', url: '/write' });
    // The answer came while the work waits: it did not wait for it.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(steps).toEqual(['started']);
    g.open();
    await followUpsSettled(app);
    expect(steps).toEqual(['started', 'done']);
  });

  it('is logged as an error naming what failed, and the answer stands', async () => {
    const s = serverWith(() => Promise.reject(new Error('message store down')));
    app = s.app;
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(200);
    await followUpsSettled(app);
    const failed = s.lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } });
    expect(failed).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'telling the book after the answer failed',
        err: expect.objectContaining({ message: 'message store down' }),
      }),
    );
  });

  it('is waited for by the server close, so the database is not closed under it', async () => {
    const g = gate();
    let finished = false;
    const s = serverWith(async () => {
      await g.opened;
      finished = true;
    });
    await s.app.inject({ method: 'POST', url: '/write' });
    let closed = false;
    const closing = s.app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false);
    g.open();
    await closing;
    expect(finished).toBe(true);
  });
});
