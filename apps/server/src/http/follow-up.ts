import type { FastifyRequest } from 'fastify';

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
