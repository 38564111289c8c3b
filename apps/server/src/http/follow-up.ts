import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Work that follows a committed write as its consequence (telling members a budget is
 * overspent), run before the answer so that what it tells reaches clients with the
 * request's other news. Its failure is logged and not answered: the write stands, and
 * the client must not retry it.
 */
export async function followUp(req: FastifyRequest, what: string, task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (err) {
    req.log.warn({ err }, `${what} after the write failed`);
  }
}

/** The work started after answers and not yet finished, per server instance. */
const running = new WeakMap<FastifyInstance, Set<Promise<void>>>();
/** The same, per request: what must be done before the request's own after-answer hooks report on it. */
const ofRequest = new WeakMap<FastifyRequest, Array<Promise<void>>>();

/**
 * Work a committed write leads to that its answer does not show (telling the book's other
 * members of new records): it starts once the answer has gone, so the caller does not
 * wait for it, in the request's context (its log, the message center's list of users
 * told). A failure is logged as an error with what it was about; the write stands.
 * The server's close waits for it (registerFollowUps).
 */
export function afterAnswer(reply: FastifyReply, what: string, task: () => Promise<void>): void {
  const req = reply.request;
  let start = () => {};
  const done = new Promise<void>((resolve) => {
    start = AsyncResource.bind(() => {
      task().then(resolve, (err: unknown) => {
        req.log.error({ err }, `${what} after the answer failed`);
        resolve();
      });
    });
  });
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // 'close' also comes when the client went away before the answer was written out.
  if (reply.raw.writableFinished || reply.raw.destroyed) once();
  else reply.raw.once('finish', once).once('close', once);
  const set = running.get(req.server);
  set?.add(done);
  void done.then(() => set?.delete(done));
  ofRequest.set(req, [...(ofRequest.get(req) ?? []), done]);
}

/** Resolves once the work started after this request's answer is done. */
export async function settledAfter(req: FastifyRequest): Promise<void> {
  await Promise.all(ofRequest.get(req) ?? []);
}

/** Resolves once no work started after an answer is running (a close; tests that read what it wrote). */
export async function followUpsSettled(app: FastifyInstance): Promise<void> {
  const set = running.get(app);
  while (set?.size) await Promise.all([...set]);
}

/** Keeps count of the work after answers; the server's close waits for it before the database goes. */
export function registerFollowUps(app: FastifyInstance): void {
  running.set(app, new Set());
  app.addHook('onClose', async () => followUpsSettled(app));
}
