import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { ZoneDirectory } from './directory.ts';
import { signLink } from './link-sign.ts';
import type { ZonesRepository } from './zones.repository.ts';

/** The request headers a zone needs to answer as we would; the rest (tokens, client signatures) stay here. */
const PASSED = ['content-type', 'accept', 'accept-language', 'trading-entity', 'device', 'idempotency-key', 'if-none-match'];
/** The answer headers passed back (the body is sent as fetch read it: never still compressed). */
const RETURNED = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition'];

/**
 * The zone gate (http/route.ts's zoneGate, docs/zones.md "Reaching a book in a zone"): a
 * book in a private zone is answered there. The public zone has checked the caller's token
 * and signature; it forwards the call as sent, signed with the zone's secret for that user,
 * and the zone checks the membership in its own copy of the book. A zone that does not
 * answer in time: 0xF115, and the app opens the off-line page. A moving book refuses changes.
 */
export function zoneGate(deps: {
  app: FastifyInstance;
  db: Database;
  clock: Clock;
  repo: ZonesRepository;
  directory: ZoneDirectory;
  timeoutMs: number;
}) {
  const { app, db, clock, repo, directory, timeoutMs } = deps;
  return async (req: FastifyRequest, reply: FastifyReply, bookId: string | undefined, tag: string): Promise<boolean> => {
    if (!bookId || !/^[1-9][0-9]{0,18}$/.test(bookId)) return false;
    // Read with the token when it was (auth.ts): no statement of its own.
    const known = req.knownMembership?.bookId === bookId ? req.knownMembership.found : undefined;
    // Not a member (as the pointer says): the book check refuses it here, nothing goes to a zone.
    if (known === null) return false;
    const place = known?.zone !== undefined ? (known.zone ?? undefined) : await directory.placeOf(bookId);
    // The migration area's own calls are about where the book is: answered here.
    if (!place || tag === 'migration') return false;
    if (place.state === 'incoming') throw new AppError('zones.bookMoving');
    if (place.state === 'migrating') {
      if (req.method === 'GET') return false;
      throw new AppError('zones.bookMoving');
    }
    const zone = await repo.zone(db, place.zoneId);
    if (!zone || zone.revoked_at) throw new AppError('book.offline');
    const userId = requireUser(req.user).id;
    const multipart = req.isMultipart();
    const body = multipart ? '' : (req.rawBody ?? '');
    const headers: Record<string, string> = {};
    for (const name of PASSED) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    Object.assign(headers, signLink(zone.secret, { zoneId: zone.id, method: req.method, path: req.url, body, userId }, clock.now()));
    const send = () =>
      fetch(zone.base_url + req.url, {
        method: req.method,
        headers,
        // A file upload streams through as sent (its bytes are not in the signature, as a client's are not: WIRE.md B.2).
        body: req.method === 'GET' ? undefined : multipart ? (Readable.toWeb(req.raw) as ReadableStream) : body,
        signal: AbortSignal.timeout(timeoutMs),
        ...(multipart ? { duplex: 'half' } : {}),
      } as RequestInit);
    let res: Response;
    try {
      // A read is sent once more when its connection failed (a kept-alive connection to a zone
      // that restarted is dead); a write is not: the zone may have taken it.
      res = await send().catch((err: unknown) =>
        req.method === 'GET' && !(err instanceof Error && err.name === 'TimeoutError') ? send() : Promise.reject(err),
      );
    } catch {
      throw new AppError('book.offline');
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status >= 502 && res.status <= 504) throw new AppError('book.offline');
    for (const name of RETURNED) {
      const v = res.headers.get(name);
      if (v) void reply.header(name, v);
    }
    // Members looking at the book here hear of a change made there (docs/live.md).
    if (req.method !== 'GET' && res.ok) app.live?.toBook(bookId, { type: 'book', bookId, what: 'book' });
    await reply.status(res.status).send(bytes);
    return true;
  };
}
