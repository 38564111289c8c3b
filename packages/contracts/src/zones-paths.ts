/**
 * The migration area's paths and words (SPEC 2, 4, 9; issue 29): private zones, moving a
 * book between the public zone and a private one, and the environments. Zod-free for the
 * web. docs/zones.md holds the design.
 */
export const ZONE_PATHS = {
  /** The caller's private zones (GET), or a new one registered (POST: the register form popup). */
  zones: '/cab-index-ws/terminal/v1/user-private-zones',
  /** The Trading-Entity book's zone: where it is, and its migration in flight. */
  bookZone: '/cab-index-ws/terminal/v1/user-private-zones/book',
  /** The environment and domain of the server that serves the Trading-Entity book (or this one). */
  serverEnv: '/cab-index-ws/terminal/v1/user-private-zones/server-env',
  /** Moves a book to a private zone: v1 names the book (the caller's one deployed zone), v2 also the zone. */
  publicToPrivate: '/cab-migration-ws/book-zone-migration/public-to-private',
  publicToPrivateV2: '/cab-migration-ws/book-zone-migration/v2/public-to-private',
  /** Moves the Trading-Entity book back from its private zone. */
  privateToPublic: '/cab-migration-ws/book-zone-migration/private-to-public',
  /** Asks a book's zone again (the off-line page's retry): its directory entry refreshed, or 0xF115. */
  zoneSync: '/cab-migration-ws/book/zone/sync',
  migrationStatus: '/cab-migration-ws/book-zone-migration/:book_id/:migration_type/status',
  migrationCancel: '/cab-migration-ws/book-zone-migration/:book_id/:migration_type/cancel',
} as const;

/** SPEC 3: migration (book_id, migration_type). */
export const MIGRATION_TYPES = ['public-to-private', 'private-to-public'] as const;
export type MigrationType = (typeof MIGRATION_TYPES)[number];

/**
 * How a migration stands: copying rows and images, verifying both sides' counts and
 * checksums, cutting over (the book read-only), then done; or cancelled, or failed (its
 * reason kept; the source unchanged and writable again).
 */
export const MIGRATION_STATUSES = ['copying', 'verifying', 'cut_over', 'done', 'cancelled', 'failed'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];
/** A migration still under way: one at most per book. */
export const OPEN_MIGRATION_STATUSES: readonly MigrationStatus[] = ['copying', 'verifying', 'cut_over'];

/** Where a book is: here, moving (read-only), or in a private zone (the public zone keeps a pointer). */
export const BOOK_ZONE_STATES = ['local', 'migrating', 'remote'] as const;
export type BookZoneState = (typeof BOOK_ZONE_STATES)[number];

/**
 * A registered zone's review (SPEC 4): null not applied; applied waits for the operator;
 * approved; rejected. It is the caller's `book_private_storage` function apply.
 */
export const ZONE_AUDIT_STATUSES = ['applied', 'approved', 'rejected'] as const;
export type ZoneAuditStatus = (typeof ZONE_AUDIT_STATUSES)[number];

/**
 * SPEC 4's page states of the private server page: to-deploy (applied, or approved with no
 * zone registered), approved-to-deploy (registered, its server not answering yet),
 * to-be-migrated (the server answers its signed health check), migrating.
 */
export const ZONE_PAGE_STATES = ['to-deploy', 'approved-to-deploy', 'to-be-migrated', 'migrating'] as const;
export type ZonePageState = (typeof ZONE_PAGE_STATES)[number];

/** SPEC 9: the private free-trial label (the first order is free). */
export const PRIVATE_FREE_TRIAL_LABEL = '首单免费';
/**
 * The private-storage pay scheme (docs/zones.md, "The pay scheme"): a move to a private
 * zone after the first costs this many banana shells, paid from the owner's wallet when it
 * starts and given back when it ends without its cut-over (cancelled or failed). Moving
 * back to the public zone is free.
 */
export const PRIVATE_MOVE_PRICE = '30.00';

/**
 * The server-to-server API between the public zone and a private one (docs/zones.md,
 * "The server-to-server API"): every call signed with the zone's secret, both ways.
 */
export const ZONE_LINK_PATHS = {
  health: '/cab-zone-link/v1/health',
  importBegin: '/cab-zone-link/v1/import/begin',
  importRows: '/cab-zone-link/v1/import/rows',
  importImage: '/cab-zone-link/v1/import/image',
  importVerify: '/cab-zone-link/v1/import/verify',
  importCommit: '/cab-zone-link/v1/import/commit',
  importAbort: '/cab-zone-link/v1/import/abort',
  /** The public zone asks a zone to send a book back (moving back). */
  exportBegin: '/cab-zone-link/v1/export/begin',
  /** The public zone asks a zone for a book's directory entry (its row, roles and members) for its pointer. */
  directory: '/cab-zone-link/v1/directory',
  /** Each table's count and checksum of a book a zone holds, and its files' digest (comparing both sides). */
  checksums: '/cab-zone-link/v1/checksums',
} as const;

/** The headers of a signed server-to-server call. */
export const ZONE_HEADERS = {
  zone: 'x-cab-zone',
  timestamp: 'x-cab-zone-timestamp',
  nonce: 'x-cab-zone-nonce',
  sign: 'x-cab-zone-sign',
  /** On a forwarded call: the user the public zone signed in. */
  user: 'x-cab-zone-user',
} as const;
