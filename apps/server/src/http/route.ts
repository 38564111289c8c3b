import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { validationError, type RequestPart } from './validation.ts';
import type { AuthUser } from './auth.ts';

/** Who may call a route: anyone, anyone (with the user when a token is sent), or a signed-in user. */
export type AuthMode = 'none' | 'optional' | 'user';

export interface RouteConfig {
  auth: AuthMode;
  /** Whether the request must carry a valid signature (WIRE.md B.2). */
  signed: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    signed?: boolean;
  }
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  signed?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /** The answer's schema, for the OpenAPI document. */
  response?: Schema;
  /** Success status; 204 sends no body. */
  status?: number;
  handler: (ctx: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    req: FastifyRequest;
    reply: FastifyReply;
    user: AuthUser | undefined;
  }) => Promise<unknown>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  signed: boolean;
  body?: Schema | undefined;
  query?: Schema | undefined;
  params?: Schema | undefined;
  response?: Schema | undefined;
  status: number;
}

function parsePart<S extends Schema | undefined>(schema: S, value: unknown, where: RequestPart): Out<S> {
  if (!schema) return undefined as Out<S>;
  const input = value ?? (where === 'body' ? undefined : {});
  const res = schema.safeParse(input);
  if (!res.success) throw validationError(res.error, input, where);
  return res.data as Out<S>;
}

/**
 * Declares a route from its zod contract: the request is parsed before the handler
 * runs, and the route joins the registry the OpenAPI document is made from.
 */
export function defineRoute<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined>(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  def: RouteDef<B, Q, P>,
): void {
  const signed = def.signed ?? true;
  const status = def.status ?? 200;
  registry.push({ ...def, signed, status });
  app.route({
    method: def.method,
    url: def.url,
    config: { auth: def.auth, signed },
    handler: async (req, reply) => {
      const body = parsePart(def.body as B, req.body, 'body');
      const query = parsePart(def.query as Q, req.query, 'query');
      const params = parsePart(def.params as P, req.params, 'path');
      const result = await def.handler({ body, query, params, req, reply, user: req.user });
      if (reply.sent) return reply;
      reply.status(status);
      return status === 204 ? reply.send() : reply.send(result);
    },
  });
}
