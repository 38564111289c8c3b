import { WEBVIEW_PATHS, WebviewsResponse } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { WebviewSettings } from '../../webviews-config.ts';

/**
 * The outside pages the operator lets CAB open (docs/host.md, "Webviews"). For anyone:
 * the app checks a link against the list before it opens it, signed in or not, and the
 * mine page shows 联系客服 and 关注我们 only when they are set.
 */
export function registerWebviewRoutes(app: FastifyInstance, registry: RegisteredRoute[], settings: WebviewSettings): void {
  // Read once at start (settings change with a restart), so every answer is the same object.
  const data = {
    allow: settings.allow,
    customer_service_url: settings.customerServiceUrl ?? null,
    follow_url: settings.followUrl ?? null,
  };
  defineRoute(app, registry, {
    method: 'GET',
    url: WEBVIEW_PATHS.list,
    tag: 'system',
    auth: 'none',
    summary: 'The outside pages the app may open, and its customer-service and follow pages',
    response: WebviewsResponse,
    handler: async () => ({ data }),
  });
}
