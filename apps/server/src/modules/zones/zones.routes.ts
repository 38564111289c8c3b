import {
  BookZoneResponse,
  MigrationParams,
  MigrationResponse,
  MigrationStatusResponse,
  Permission,
  PublicToPrivateBody,
  PublicToPrivateV2Body,
  RegisterZoneBody,
  RegisterZoneResponse,
  ServerEnvResponse,
  ZONE_PATHS,
  ZoneSyncBody,
  ZoneSyncResponse,
  ZonesResponse,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { MigrationsService } from './migrations.service.ts';
import type { ZonesService } from './zones.service.ts';

const tag = 'migration';

/** This server's address as the caller reached it (a zone is told where the public zone is). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * The migration area's calls (docs/zones.md): the caller's private zones, where a book is,
 * and moving it. Looking takes membership (02); moving and cancelling, the book's owner.
 */
export function registerZonesRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { zones: ZonesService; migrations: MigrationsService },
): void {
  const { zones, migrations } = deps;
  defineRoute(app, registry, {
    method: 'GET',
    url: ZONE_PATHS.zones,
    tag,
    auth: 'user',
    summary: "The caller's private zones, with their review and whether their servers answer",
    response: ZonesResponse,
    handler: async ({ user }) => ({ data: await zones.list(requireUser(user).id) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: ZONE_PATHS.zones,
    tag,
    auth: 'user',
    status: 201,
    body: RegisterZoneBody,
    summary: 'Registers a private zone (once private storage is approved); answers its secret this once',
    response: RegisterZoneResponse,
    handler: async ({ user, body, req }) => ({ data: await zones.register(requireUser(user).id, body, originOf(req)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: ZONE_PATHS.bookZone,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "Where the book is, its latest move, and the private server page's state (SPEC 4)",
    response: BookZoneResponse,
    handler: async ({ user, book }) => ({ data: await zones.bookZone(requireUser(user).id, book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: ZONE_PATHS.serverEnv,
    tag,
    auth: 'user',
    summary: 'The environment and domain of the server serving the Trading-Entity book (its zone when it is in one)',
    response: ServerEnvResponse,
    handler: async ({ req }) => ({ data: await zones.serverEnv(req.tradingEntity, originOf(req)) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: ZONE_PATHS.publicToPrivate,
    tag,
    auth: 'user',
    status: 201,
    body: PublicToPrivateBody,
    book: 'owner',
    bookId: ({ body }) => body.book_id,
    refusal: 'zones.notOwner',
    summary: "Moves the book to the caller's deployed private zone",
    response: MigrationResponse,
    handler: async ({ user, book }) => ({ data: await migrations.toPrivate(requireUser(user).id, book.bookId, undefined) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: ZONE_PATHS.publicToPrivateV2,
    tag,
    auth: 'user',
    status: 201,
    body: PublicToPrivateV2Body,
    book: 'owner',
    bookId: ({ body }) => body.book_id,
    refusal: 'zones.notOwner',
    summary: 'Moves the book to the named private zone of the caller',
    response: MigrationResponse,
    handler: async ({ user, book, body }) => ({ data: await migrations.toPrivate(requireUser(user).id, book.bookId, body.zone_id) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: ZONE_PATHS.privateToPublic,
    tag,
    auth: 'user',
    status: 201,
    book: 'owner',
    refusal: 'zones.notOwner',
    summary: 'Moves the Trading-Entity book back from its private zone',
    response: MigrationResponse,
    handler: async ({ user, book }) => ({ data: await migrations.toPublic(requireUser(user).id, book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: ZONE_PATHS.zoneSync,
    tag,
    auth: 'user',
    body: ZoneSyncBody,
    book: Permission.BASIC,
    bookId: ({ body }) => body.book_id,
    summary: "Asks the book's zone again (the off-line page's retry): 0xF115 while it does not answer",
    response: ZoneSyncResponse,
    handler: async ({ book }) => ({ data: await zones.sync(book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: ZONE_PATHS.migrationStatus,
    tag,
    auth: 'user',
    params: MigrationParams,
    book: Permission.BASIC,
    bookId: ({ params }) => params.book_id,
    summary: "The book's latest move of that type, and how far it is (null: none)",
    response: MigrationStatusResponse,
    handler: async ({ book, params }) => ({ data: await migrations.status(book.bookId, params.migration_type) }),
  });

  defineRoute(app, registry, {
    method: 'PATCH',
    url: ZONE_PATHS.migrationCancel,
    tag,
    auth: 'user',
    params: MigrationParams,
    book: 'owner',
    bookId: ({ params }) => params.book_id,
    refusal: 'zones.notOwner',
    summary: 'Cancels the move before its cut-over: the book stays where it was, the copy goes',
    response: MigrationResponse,
    handler: async ({ book, params }) => ({ data: await migrations.cancel(book.bookId, params.migration_type) }),
  });
}
