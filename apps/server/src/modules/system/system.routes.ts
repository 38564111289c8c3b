import { AUTH_PATHS, ServerInfoResponse, SmsOutboxResponse } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildOpenApi } from '../../http/openapi.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { OutboxSmsSender } from '../../platform/sms.ts';

export interface SystemRouteDeps {
  clock: Clock;
  /** Present only outside production. */
  outbox: OutboxSmsSender | undefined;
  version: string;
}

export function registerSystemRoutes(app: FastifyInstance, registry: RegisteredRoute[], deps: SystemRouteDeps): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: AUTH_PATHS.serverInfo,
    tag: 'system',
    auth: 'none',
    signed: false,
    summary: 'Server time, for the client clock gap',
    response: ServerInfoResponse,
    handler: async () => ({ current_time_stamp: deps.clock.now() }),
  });

  const outbox = deps.outbox;
  if (outbox) {
    defineRoute(app, registry, {
      method: 'GET',
      url: AUTH_PATHS.smsOutbox,
      tag: 'system',
      auth: 'none',
      signed: false,
      summary: 'Development only: verification codes sent, newest first',
      query: z.object({ phone: z.string().max(20).optional() }),
      response: SmsOutboxResponse,
      handler: async ({ query }) => ({ data: await outbox.outbox(query.phone) }),
    });
  }

  // The document lists every route registered before the server starts listening.
  let doc: Record<string, unknown> | undefined;
  app.get('/docs/openapi.json', async () => (doc ??= buildOpenApi(registry, deps.version)));
  app.get('/docs', async (_req, reply) => {
    doc ??= buildOpenApi(registry, deps.version);
    const rows = registry
      .map((r) => `<tr><td>${r.method}</td><td><code>${r.url}</code></td><td>${escapeHtml(r.summary)}</td><td>${r.auth}</td></tr>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>CAB API</title><h1>CAB API</h1><p><a href="/docs/openapi.json">openapi.json</a></p><table border="1" cellpadding="4"><tr><th>method</th><th>path</th><th>what</th><th>auth</th></tr>${rows}</table>`,
      );
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
