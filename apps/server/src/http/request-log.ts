import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Calls of the API; everything else the server answers is a file (the web app, covers, uploads). */
const API = /^\/(cab-|finance-|v2\/|dev\/|docs)/;
const QUIET = new Set(['/server/info']);

declare module 'fastify' {
  interface FastifyRequest {
    /** An unexpected error, kept for the request's one log line. */
    failure?: unknown;
  }
}

export interface InFlight {
  /** Method and path of the requests being answered, for the shutdown report. */
  describe(): string[];
}

/**
 * One log line per request, written when it is answered: method, path, status and
 * time, plus the error of a failure. Files and /server/info log only at debug level.
 * It also keeps the requests in flight, so a shutdown that takes too long can say
 * what it is waiting for.
 */
export function registerRequestLog(app: FastifyInstance): InFlight {
  const open = new Set<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    open.add(req);
  });
  const done = (req: FastifyRequest) => open.delete(req);
  app.addHook('onRequestAbort', async (req) => {
    done(req);
  });
  app.addHook('onResponse', async (req, reply) => {
    done(req);
    const path = req.url.split('?')[0] ?? req.url;
    const line = { method: req.method, url: path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (req.failure) req.log.error({ ...line, err: req.failure }, 'request failed');
    else if (API.test(path) && !QUIET.has(path)) req.log.info(line, 'request');
    else req.log.debug(line, 'request');
  });
  return {
    describe: () => [...open].map((r) => `${r.method} ${r.url.split('?')[0]}`),
  };
}
