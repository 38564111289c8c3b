import {
  DirectoryBody,
  DirectoryResponse,
  ExportBeginBody,
  ImportAbortBody,
  ImportBeginBody,
  ImportImageBody,
  ImportRowsBody,
  ImportVerifyBody,
  ImportVerifyResponse,
  LinkHealthResponse,
  MigrationRef,
  ZONE_LINK_PATHS,
  ChecksumsResponse,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileStorage } from '../../platform/storage.ts';
import { AppError } from '../../http/errors.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { MigrationsService } from './migrations.service.ts';
import type { LinkCaller, Receiver } from './receiver.ts';
import type { ZonesService } from './zones.service.ts';

const tag = 'zone-link';
/** A chunk of 5,000 rows (about 3 MB of row text for transactions), or one file of 5 MB as base64, with room. */
const LINK_BODY_LIMIT = 16 * 1024 * 1024;

const callerOf = (req: FastifyRequest): LinkCaller => {
  if (!req.linkCaller) throw new AppError('zones.linkRefused');
  return req.linkCaller;
};

/** Only the public zone asks a zone for a book's entry or to send it back. */
const fromPublic = (req: FastifyRequest): LinkCaller => {
  const caller = callerOf(req);
  if (!caller.fromPublic) throw new AppError('zones.bookNotGiven');
  return caller;
};

/**
 * The server-to-server API (docs/zones.md): signed with the zone's secret both ways
 * (http/pipeline.ts checks it before anything is read), never called by the app.
 */
export function registerLinkRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { receiver: Receiver; zones: ZonesService; migrations: MigrationsService; storage: FileStorage },
): void {
  const { receiver, zones, migrations, storage } = deps;
  const common = { tag, auth: 'none' as const, link: true, bodyLimit: LINK_BODY_LIMIT, answers: 'unchanged' as const };
  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: ZONE_LINK_PATHS.health,
    summary: 'The zone answers its signed health check (the server-deployed flag)',
    response: LinkHealthResponse,
    handler: async ({ req }) => {
      callerOf(req);
      return { data: await zones.health() };
    },
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.importBegin,
    body: ImportBeginBody,
    summary: 'A move begins: this side receives the book',
    handler: async ({ req, body }) => ({ data: await receiver.begin(callerOf(req), body).then(() => ({ ok: true })) }),
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.importRows,
    body: ImportRowsBody,
    summary: "A chunk of one table's rows of the book",
    handler: async ({ req, body }) => ({ data: await receiver.rowsChunk(callerOf(req), body).then(() => ({ ok: true })) }),
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.importImage,
    body: ImportImageBody,
    summary: "One of the book's image files",
    handler: async ({ req, body }) => ({ data: await receiver.image(callerOf(req), body).then(() => ({ ok: true })) }),
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.importVerify,
    body: ImportVerifyBody,
    summary: "A table's count and checksum on this side",
    response: ImportVerifyResponse,
    handler: async ({ req, body }) => ({ data: await receiver.verify(callerOf(req), body) }),
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.importCommit,
    body: MigrationRef,
    summary: 'The move is checked: the book lives on this side now',
    handler: async ({ req, body }) => ({ data: await receiver.commit(callerOf(req), body.migration_id).then(() => ({ ok: true })) }),
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.importAbort,
    body: ImportAbortBody,
    summary: "The move ended without a cut-over: this side's copy goes",
    handler: async ({ req, body }) => ({
      data: await receiver.abort(callerOf(req), body.migration_id, body.error).then(() => ({ ok: true })),
    }),
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.exportBegin,
    body: ExportBeginBody,
    summary: 'The public zone asks the zone to send a book back',
    handler: async ({ req, body }) => {
      const caller = fromPublic(req);
      await migrations.exportBegin(body.migration_id, body.book_id, caller.zoneId);
      return { data: { ok: true } };
    },
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.directory,
    body: DirectoryBody,
    summary: "The book's row, roles and members as the zone holds them (the public zone's pointer)",
    response: DirectoryResponse,
    handler: async ({ req, body }) => {
      fromPublic(req);
      return { data: await zones.directoryEntry(body.book_id) };
    },
  });
  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: ZONE_LINK_PATHS.checksums,
    body: DirectoryBody,
    summary: "Each table's count and checksum of a book the zone holds, and its files' digest",
    response: ChecksumsResponse,
    handler: async ({ req, body }) => {
      fromPublic(req);
      return { data: await zones.checksums(body.book_id, storage) };
    },
  });
}
