import { EXPORT_PATHS, ExportRequest, Permission } from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { ExportsService } from './exports.service.ts';

/** Where links in a file start: the address people know the server by, else the one this call came to. */
export const originOf = (req: FastifyRequest, publicUrl: string) => publicUrl || `${req.protocol}://${req.host}`;

export function registerExportRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { service: ExportsService; publicUrl: string },
) {
  defineRoute(app, registry, {
    method: 'POST',
    url: EXPORT_PATHS.transactions,
    tag: 'exports',
    auth: 'user',
    // Reading the flow is what an export is: whoever may read it may take it away.
    book: Permission.TRANSACTION_GROUP,
    // A read sent as a POST (the flow's filter is a body): it changes nothing a kept answer shows.
    answers: 'unchanged',
    summary:
      "The flow as a file (format xlsx or csv; the flow call's query, group_filter and sort; none: the whole book), answered as a download in the caller's language",
    body: ExportRequest,
    labels: { format: { 'zh-CN': '导出格式', en: 'export format' } },
    handler: async ({ book, body, req, reply }) => {
      const file = await deps.service.export(book, body, requestLocale(req.headers), originOf(req, deps.publicUrl));
      return (
        reply
          .header('content-type', file.type)
          .header('content-disposition', file.disposition)
          // The book's records: kept by no cache on the way.
          .header('cache-control', 'private, no-store')
          .send(file.body)
      );
    },
  });
}
