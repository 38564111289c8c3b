import type { ErrorCode, LiveBookChange, LocalizedText, PlainMessageKeyFor } from '@cab/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { validationError, type RequestPart } from './validation.ts';
import { requireUser, type AuthUser } from './auth.ts';
import { resolveBook, type BookContext, type BookScope } from './book-scope.ts';
import type { AnswerCache } from './answer-cache.ts';
import { requestLocale } from './locale.ts';
import { acceptedEncoding, markEncoded } from './compress-json.ts';

/** Who may call a route: anyone, anyone (with the user when a token is sent), or a signed-in user. */
export type AuthMode = 'none' | 'optional' | 'user';

export interface RouteConfig {
  auth: AuthMode;
  /** Whether the request must carry a valid signature (WIRE.md B.2). */
  signed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Kept answers of the cached book reads; null when the cache is off (answer-cache.ts). */
    answerCache: AnswerCache | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    signed?: boolean;
    /** The route checks the Trading-Entity book: its membership may be read with the token. */
    entityBook?: boolean;
    /** The route may tell someone something (a write): the message center tracks whom during it. */
    mayTell?: boolean;
    /** A server-to-server call between zones: signed with the zone's secret, never by a client (docs/zones.md). */
    link?: boolean;
  }
  interface FastifyInstance {
    /**
     * Where a book-scoped call goes when its book is not simply here (modules/zones): it
     * answers true once it has answered the call itself (forwarded to the book's zone),
     * throws when the book is moving and the call would change it, else false.
     */
    zoneGate: ((req: FastifyRequest, reply: FastifyReply, bookId: string | undefined, tag: string) => Promise<boolean>) | null;
  }
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface Parts<B, Q, P> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  req: FastifyRequest;
}

/** Says, from the request as sent, that a call of a route with an optional book names none. */
type NoBook = (req: FastifyRequest) => boolean;

export interface RouteDef<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  S extends BookScope | undefined = undefined,
  U extends NoBook | undefined = undefined,
> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  signed?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * A book-scoped route: who in the book may call it. The book comes from `bookId`, or
   * from the Trading-Entity header; the handler gets `{ bookId, role }`.
   */
  book?: S;
  bookId?: (parts: Parts<B, Q, P>) => string | undefined;
  /**
   * A route about the Trading-Entity book on most calls but not all (the community's
   * official tab): when this, read off the request before it is parsed, says the call names
   * no book, no book is checked and the handler gets none. Otherwise the book is checked
   * before the request is read, as on every book-scoped route. Annotate its parameter
   * (`req: FastifyRequest`) so that the handler's book is typed as possibly missing.
   */
  bookUnless?: U;
  /** The 403 message for a member whose role lacks the scope. */
  refusal?: PlainMessageKeyFor<typeof ErrorCode.FORBIDDEN>;
  /** Field labels for this route's validation messages, where the shared label does not fit ("name" of a category). */
  labels?: Readonly<Record<string, LocalizedText>>;
  /** The answer's schema, for the OpenAPI document. */
  response?: Schema;
  /** Success status; 204 sends no body. */
  status?: number;
  /** A larger body than the server's default (the zones' server-to-server calls carry chunks of rows and files). */
  bodyLimit?: number;
  /** A server-to-server call between zones (docs/zones.md): auth 'none', verified by its zone signature. */
  link?: boolean;
  /**
   * What the call does to kept answers (http/answer-cache.ts). 'cached': a read of one book
   * whose answer depends only on the book's data, the caller, their role, the language and
   * the request, so it may be answered from memory. 'unchanged': a write that changes
   * nothing a kept answer shows (signing in). Otherwise a call other than GET counts as a
   * change of its book (or of every book, when it names none) once it has run.
   */
  answers?: 'cached' | 'unchanged';
  handler: (
    ctx: Parts<B, Q, P> & {
      reply: FastifyReply;
      user: AuthUser | undefined;
      book: S extends BookScope ? (U extends NoBook ? BookContext | undefined : BookContext) : undefined;
    },
  ) => Promise<unknown>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  signed: boolean;
  /** The book scope of a book-scoped route (member, manager or a permission code). */
  book: BookScope | undefined;
  answers: 'cached' | 'unchanged' | undefined;
  /** Where a book-scoped route finds its book: the Trading-Entity header, or the request itself. */
  bookFrom: 'trading-entity' | 'request' | undefined;
  body?: Schema | undefined;
  query?: Schema | undefined;
  params?: Schema | undefined;
  response?: Schema | undefined;
  status: number;
}

export function parsePart<S extends Schema | undefined>(
  schema: S,
  value: unknown,
  where: RequestPart,
  labels: Readonly<Record<string, LocalizedText>> | undefined,
): Out<S> {
  if (!schema) return undefined as Out<S>;
  const input = value ?? (where === 'body' ? undefined : {});
  const res = schema.safeParse(input);
  if (!res.success) throw validationError(res.error, input, where, labels);
  return res.data as Out<S>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** What a book-changing route's change is about, from its tag: the live event it raises (docs/live.md). */
function liveChangeOf(tag: string): LiveBookChange {
  switch (tag) {
    case 'accounting':
      return 'transactions';
    case 'members':
      return 'members';
    case 'budgets':
      return 'budgets';
    case 'community':
    case 'forum':
      return 'community';
    default:
      return 'book';
  }
}

/** What a kept answer depends on besides the book's data: the call as sent, the language, the caller and their role. */
function answerKey(req: FastifyRequest, book: BookContext): string {
  return [req.method, req.url, requestLocale(req.headers), requireUser(req.user).id, book.roleId, book.bookId, req.rawBody ?? ''].join(
    '\n',
  );
}

/**
 * Declares a route from its zod contract: the request is parsed, a book-scoped route's
 * membership and permission are checked, then the handler runs; the route joins the
 * registry the OpenAPI document and the authorization tests are made from.
 */
export function defineRoute<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  S extends BookScope | undefined = undefined,
  U extends NoBook | undefined = undefined,
>(app: FastifyInstance, registry: RegisteredRoute[], def: RouteDef<B, Q, P, S, U>): void {
  const signed = def.link ? false : (def.signed ?? true);
  if (def.link && def.auth !== 'none')
    throw new Error(`${def.method} ${def.url}: a server-to-server call has auth 'none' (its zone signature says who calls)`);
  const status = def.status ?? 200;
  if (def.book !== undefined && def.auth !== 'user') throw new Error(`${def.method} ${def.url}: a book-scoped route needs auth 'user'`);
  if (def.answers === 'cached' && (def.book === undefined || def.bookId || status === 204)) {
    throw new Error(`${def.method} ${def.url}: a cached answer needs a read of the Trading-Entity book`);
  }
  const changes = def.method !== 'GET' && def.answers === undefined;
  const change = liveChangeOf(def.tag);
  registry.push({
    method: def.method,
    url: def.url,
    summary: def.summary,
    tag: def.tag,
    auth: def.auth,
    signed,
    book: def.book,
    answers: def.answers,
    bookFrom: def.book === undefined ? undefined : def.bookId ? 'request' : 'trading-entity',
    body: def.body,
    query: def.query,
    params: def.params,
    response: def.response,
    status,
  });
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    config: {
      auth: def.auth,
      signed,
      entityBook: def.book !== undefined && !def.bookId,
      mayTell: def.method !== 'GET' && def.answers !== 'cached',
      link: def.link === true,
    },
    handler: async (req, reply) => {
      // A book in another zone is answered there (forwarded), a moving one refuses changes.
      const gate = (bookId: string | undefined) =>
        def.book !== undefined && app.zoneGate ? app.zoneGate(req, reply, bookId, def.tag) : false;
      if (!def.bookId && !def.bookUnless?.(req) && (await gate(req.tradingEntity))) return reply;
      const check = (bookId: string | undefined, scope: BookScope) =>
        resolveBook(app, requireUser(req.user).id, bookId, scope, def.refusal ?? 'book.forbidden', req.knownMembership);
      // A book named by the Trading-Entity is checked before the request is read: someone
      // outside the book, or without the permission, learns nothing from its validation.
      let book = def.book !== undefined && !def.bookId && !def.bookUnless?.(req) ? await check(req.tradingEntity, def.book) : undefined;
      // A kept answer is looked up by the request as sent: the same text validated before.
      const kept =
        def.answers === 'cached' && book && app.answerCache?.keepsAnswers
          ? { cache: app.answerCache, key: answerKey(req, book), version: app.answerCache.version(book.bookId) }
          : undefined;
      const hit = kept?.cache.get(kept.key, kept.version, acceptedEncoding(req.headers['accept-encoding']));
      if (hit) {
        if (hit.encoding) markEncoded(reply, hit.encoding);
        return reply.status(status).type(JSON_TYPE).send(hit.body);
      }
      const params = parsePart(def.params as P, req.params, 'path', def.labels);
      const query = parsePart(def.query as Q, req.query, 'query', def.labels);
      const body = parsePart(def.body as B, req.body, 'body', def.labels);
      const parts = { body, query, params, req };
      if (def.book !== undefined && def.bookId) {
        const named = def.bookId(parts);
        if (await gate(named)) return reply;
        book = await check(named, def.book);
      }
      let result: unknown;
      try {
        result = await def.handler({
          ...parts,
          reply,
          user: req.user,
          book: book as S extends BookScope ? (U extends NoBook ? BookContext | undefined : BookContext) : undefined,
        });
      } finally {
        // Once the write has run (committed or not), kept answers of its book go stale: on
        // every instance before the answer leaves, or the client's next read, sent to another
        // instance, could still find the answer from before its write there.
        if (changes) await app.answerCache?.changed(book?.bookId, change);
      }
      // A write that succeeded tells the clients looking at its book (docs/live.md).
      if (changes && book) app.live?.toBook(book.bookId, { type: 'book', bookId: book.bookId, what: change });
      if (kept && !reply.sent) {
        const payload = JSON.stringify(result);
        kept.cache.set(kept.key, kept.version, payload);
        return reply.status(status).type(JSON_TYPE).send(payload);
      }
      // A handler that answered itself returns the reply: a stream (a download) is not sent yet.
      if (reply.sent || result === reply) return reply;
      reply.status(status);
      return status === 204 ? reply.send() : reply.send(result);
    },
  });
}
