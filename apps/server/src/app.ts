import { ErrorCode, renderMessage } from '@cab/contracts';
import type { FastifyReply } from 'fastify';
import { requestLocale } from './http/locale.ts';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { WEB_APP_VERSION } from '@cab/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerJsonCompression } from './http/compress-json.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerFollowUps } from './http/follow-up.ts';
import { registerBookRoleLookup } from './http/book-scope.ts';
import { AnswerCache } from './http/answer-cache.ts';
import { MemoryBroadcast, type Broadcast } from './platform/broadcast.ts';
import { registerPipeline } from './http/pipeline.ts';
import { registerRequestLog, type InFlight } from './http/request-log.ts';
import { everyAnswerHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { cacheForADay, WEB_STATIC_OPTIONS } from './http/static-files.ts';
import { registerStoredFiles } from './http/stored-files.ts';
import type { RegisteredRoute } from './http/route.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { TokenService } from './modules/auth/token.service.ts';
import { TokenCache } from './modules/auth/token-cache.ts';
import { VerifyCodeService } from './modules/auth/verify-code.service.ts';
import { BooksRepository } from './modules/books/books.repository.ts';
import { registerBooksRoutes } from './modules/books/books.routes.ts';
import { BooksService } from './modules/books/books.service.ts';
import { PreferencesRepository } from './modules/books/preferences.repository.ts';
import { registerPreferenceRoutes } from './modules/books/preferences.routes.ts';
import { PreferencesService } from './modules/books/preferences.service.ts';
import { registerAccounting } from './modules/accounting/accounting.module.ts';
import { registerStatistics } from './modules/statistics/statistics.module.ts';
import { registerExports } from './modules/exports/exports.module.ts';
import { registerBudgets } from './modules/budgets/budgets.module.ts';
import { registerMembers } from './modules/members/members.module.ts';
import { CommunityRepository } from './modules/community/community.repository.ts';
import { registerCommunityRoutes } from './modules/community/community.routes.ts';
import { CommunityService } from './modules/community/community.service.ts';
import type { Notifier } from './modules/messages/notify.ts';
import { registerMessages } from './modules/messages/messages.module.ts';
import { FeedbackRepository } from './modules/feedback/feedback.repository.ts';
import { registerCloud } from './modules/cloud/cloud.module.ts';
import { ShareRepository } from './modules/cloud/share.repository.ts';
import { SpaceRepository } from './modules/cloud/space.repository.ts';
import { SpaceService } from './modules/cloud/space.service.ts';
import { registerCommerce } from './modules/commerce/commerce.module.ts';
import { registerZones } from './modules/zones/zones.module.ts';
import { registerImports } from './modules/imports/imports.module.ts';
import type { DriveOptions } from './modules/imports/reading.ts';
import { TrackingService } from './modules/tracking/tracking.ts';
import { registerTrackingRoutes } from './modules/tracking/tracking.routes.ts';
import { registerArchives } from './modules/archives/archive.module.ts';
import type { MoverOptions } from './modules/zones/mover.ts';
import { registerOffers } from './modules/offers/offers.module.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { FeedbackService } from './modules/feedback/feedback.service.ts';
import { createLiveHub, registerLiveRoutes } from './modules/live/live.module.ts';
import type { LiveHub } from './modules/live/hub.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerDevHostRoutes } from './dev/host/host.routes.ts';
import { registerWebviewRoutes } from './modules/webviews/webviews.routes.ts';
import { CatalogueRepository } from './modules/templates/catalogue.repository.ts';
import { registerTemplatesRoutes } from './modules/templates/templates.routes.ts';
import { TemplatesService } from './modules/templates/templates.service.ts';
import { MarketRepository } from './modules/market/market.repository.ts';
import { registerMarketRoutes } from './modules/market/market.routes.ts';
import { MarketService } from './modules/market/market.service.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { ContentService } from './modules/content/content.service.ts';
import { HomeRepository } from './modules/home/home.repository.ts';
import { registerHomeRoutes } from './modules/home/home.routes.ts';
import { HomeService } from './modules/home/home.service.ts';
import { OperationsRepository } from './modules/home/operations.repository.ts';
import { UserRepository } from './modules/user/user.repository.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { UserService } from './modules/user/user.service.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db/index.ts';
import type { KeyValueStore } from './platform/kv.ts';
import { createLogger, LogSink } from './platform/log.ts';
import { OutboxSmsSender, type SmsSender } from './platform/sms.ts';
import { createSmsSender } from './platform/sms/sender.ts';
import type { FileStorage } from './platform/storage.ts';
import { SERVER_ROOT } from './server-root.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  kv: KeyValueStore;
  storage: FileStorage;
  /** Defaults to the sender config.sms names (outside production: the dev outbox, log + /dev/sms-outbox). */
  sms?: SmsSender;
  /** Where log lines go; defaults to a non-blocking sink on stdout. */
  logSink?: { write(line: string): void };
  /** How changes reach the other instances (Redis with REDIS_URL); in-process by default. */
  broadcast?: Broadcast;
  /** Who makes the message center's messages; tests may record them instead. */
  notifier?: Notifier;
  /** How moves between zones are driven (tests shorten the lease and the waits). */
  mover?: Partial<MoverOptions>;
  /** How imports are driven (tests shorten the lease). */
  importDrive?: Partial<DriveOptions>;
}

export interface BuiltApp {
  app: FastifyInstance;
  routes: RegisteredRoute[];
  books: BooksService;
  /** The requests being answered, for the shutdown report. */
  inFlight: InFlight;
  /** Hourly clean-up: deleted books past their window, unused uploads, old idempotency keys, avatars no longer allowed. */
  housekeeping(): Promise<{ books: string[]; images: number; avatars: number }>;
  /** Live updates to open clients (modules/live/hub.ts). */
  hub: LiveHub & { readonly size: number };
  /** The commerce area's services (the payments and billing jobs use them). */
  commerce: Awaited<ReturnType<typeof registerCommerce>>;
  cloud: ReturnType<typeof registerCloud>;
  /** Private zones and moving books between them (docs/zones.md). */
  zones: ReturnType<typeof registerZones>;
  /** The behaviour-event collector (docs/host.md). */
  tracking: TrackingService;
  /** Importing files (docs/imports.md). */
  imports: ReturnType<typeof registerImports>;
}

const STATIC_DIR = path.join(SERVER_ROOT, 'static');

/** Builds the whole server from its parts; tests call it and drive it with app.inject. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db, clock, kv, storage } = deps;
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, deps.logSink ?? new LogSink(process.stdout)),
    // One line per request, written by request-log.ts when it is answered.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // A forwarded address is the client's only when our own proxy wrote it (README, "Behind a proxy").
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Stopping answers {code, message} like every refusal (http/errors.ts), not Fastify's own body.
    return503OnClosing: false,
    // The router's own refusals (a malformed percent-encoding, a path parameter over its
    // length) answer {code, message} like every other refusal, in the caller's language.
    frameworkErrors: (_err, req, reply) => {
      void everyAnswerHeaders(reply as FastifyReply)
        .header('cache-control', 'no-store')
        .status(400)
        .send({ code: ErrorCode.VALIDATION, message: renderMessage('request.badUrl', requestLocale(req.headers)) });
    },
  });
  const routes: RegisteredRoute[] = [];

  // The outbox logs every code and lets anyone read them back: never in production (config.ts refuses it there too).
  const sms = deps.sms ?? createSmsSender(config.sms, app.log, () => clock.now(), kv);
  const outbox = sms instanceof OutboxSmsSender && !config.production ? sms : undefined;

  const broadcast = deps.broadcast ?? new MemoryBroadcast();
  const authRepo = new AuthRepository(db);
  const tokens = new TokenService(db, authRepo, clock, {
    accessMs: config.accessTokenTtlMs,
    refreshMs: config.refreshTokenTtlMs,
    cache: config.answerCache !== 'off' ? new TokenCache(broadcast) : undefined,
  });
  const codes = new VerifyCodeService(authRepo, sms, kv, clock);
  const users = new UserService(new UserRepository(db), storage, config.avatarHosts);
  const auth = new AuthService(db, codes, tokens, users, kv, config.hostKeys, clock);
  const catalogue = new CatalogueRepository(db);
  const booksRepo = new BooksRepository(db);
  const books = new BooksService(db, booksRepo, catalogue, new PreferencesRepository(db), users, clock);
  const prefs = new PreferencesService(db, new PreferencesRepository(db), books, clock);

  registerErrorHandling(app);
  registerFollowUps(app);
  registerSecurityHeaders(app, config);
  const answers = config.answerCache !== 'off' ? new AnswerCache(clock, broadcast, undefined, config.answerCache === 'on') : null;
  app.decorate('answerCache', answers);
  registerBookRoleLookup(app, (userId, bookId) =>
    answers
      ? answers.remember(`role ${userId} ${bookId}`, bookId, () => booksRepo.roleOf(userId, bookId))
      : booksRepo.roleOf(userId, bookId),
  );
  const inFlight = registerRequestLog(app);
  // JSON answers above 1 KB are compressed on the fly (at once up to 1 MB, streamed above);
  // the web app's files come precompressed.
  registerJsonCompression(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: config.bodyLimitBytes * 6, files: 1, fields: 10 } });
  registerPipeline(app, { clientKeys: config.clientKeys, clock, kv, tokens });

  // Live updates (docs/live.md): `hub` is what modules raise their events through (also app.live).
  const hub = createLiveHub(app, broadcast, config.live);
  registerLiveRoutes(app, routes, hub);
  // The message center before the routes that notify: its per-request hooks apply to routes added after it.
  const { messages } = registerMessages(app, routes, { db, clock, kv, live: hub });
  registerSystemRoutes(app, routes, { clock, outbox, version: WEB_APP_VERSION });
  // The test host that plays the partner apps around CAB (docs/host.md): never in production.
  if (!config.production) registerDevHostRoutes(app, routes, { clock, hostKeys: config.hostKeys });
  registerWebviewRoutes(app, routes, config.webviews);
  registerAuthRoutes(app, routes, { auth, codes, tokens, publicUrl: config.payments.publicUrl || undefined });
  registerUserRoutes(app, routes, { users });
  registerFeedbackRoutes(app, routes, new FeedbackService(new FeedbackRepository(db), kv, clock));
  const { offers } = registerOffers(app, routes, { db, clock });
  registerBooksRoutes(app, routes, books);
  registerPreferenceRoutes(app, routes, prefs);
  const marketRepo = new MarketRepository(db);
  registerTemplatesRoutes(app, routes, new TemplatesService(catalogue, (userId, ids) => marketRepo.collectedAmong(userId, ids)));
  registerMarketRoutes(app, routes, new MarketService(db, marketRepo, kv, clock));
  registerContentRoutes(
    app,
    routes,
    new ContentService(new ContentRepository(db), (userId, ids) => marketRepo.collectedAmong(userId, ids), clock),
  );
  registerHomeRoutes(app, routes, new HomeService(new HomeRepository(db), new OperationsRepository(db), clock));
  // A book's cloud space: the free space, rented space and sharing (the cloud area's), used by uploads.
  const space = new SpaceService(db, clock, new SpaceRepository(), new ShareRepository(), config.freeSpaceMb);
  const accounting = registerAccounting(app, routes, { db, clock, storage, books, space });
  accounting.transactions.onRecorded = (tx, bookId, recorderId, count) => messages.recorded(tx, bookId, recorderId, count);
  const { statistics } = registerStatistics(app, routes, { db, clock, books });
  registerExports(app, routes, { db, clock, statistics, publicUrl: config.payments.publicUrl });
  registerArchives(app, routes, { db, clock, storage });
  const notifier: Notifier = deps.notifier ?? messages;
  const { budgets } = registerBudgets(app, routes, { db, clock, books, statistics, notifier });
  accounting.transactions.onSpent = (book, categoryIds) => budgets.checkOverspent(book, categoryIds);
  const { members } = registerMembers(app, routes, { db, clock, kv, books, users, notifier });
  registerCommunityRoutes(app, routes, new CommunityService(db, new CommunityRepository(db), kv, clock, notifier, hub));
  const commerce = await registerCommerce(app, routes, { db, clock, config, notifier, offers, members });
  const cloud = registerCloud(app, routes, { db, clock, notifier, space, purchases: commerce.purchases });
  const zones = registerZones(app, routes, {
    db,
    clock,
    kv,
    storage,
    settings: config.zones,
    broadcast: config.answerCache !== 'off' ? broadcast : undefined,
    mover: deps.mover,
    ledger: commerce.ledger,
  });
  const imports = registerImports(app, routes, {
    db,
    clock,
    kv,
    storage,
    books,
    transactions: accounting.transactions,
    // Asked afresh: a role lost since the commit was asked for stops the recording.
    roleOf: (userId, bookId) => booksRepo.roleOf(userId, bookId),
    drive: deps.importDrive,
  });
  const tracking = new TrackingService(db, clock, kv, config.trackingRetentionDays);
  registerTrackingRoutes(app, routes, tracking);

  // Cover materials and the default share image ship with the server.
  await app.register(fastifyStatic, {
    root: STATIC_DIR,
    prefix: '/static/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: cacheForADay,
  });

  await registerStoredFiles(app, storage);
  if (fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webDistDir, prefix: '/', ...WEB_STATIC_OPTIONS });
  }
  const housekeeping = async () => ({
    books: await books.purgeDue(),
    images: await accounting.housekeeping(),
    avatars: await users.dropRefusedAvatars(),
  });
  return { app, routes, books, inFlight, housekeeping, hub, commerce, cloud, zones, tracking, imports };
}
