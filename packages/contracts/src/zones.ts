import { z } from 'zod';
import { dataOf, Id, listOf, Money, Name } from './common.ts';
import type { MessageKey } from './messages.ts';
import { ENVIRONMENTS } from './constants.ts';
import { BOOK_ZONE_STATES, MIGRATION_STATUSES, MIGRATION_TYPES, ZONE_AUDIT_STATUSES, ZONE_PAGE_STATES } from './zones-paths.ts';

/** A zone's address: http(s), host and optional port and path, nothing after (docs/zones.md, "Registration"). */
export const ZoneUrl = z
  .string()
  .trim()
  .max(200, 'at most 200 characters')
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~/-]*)?$/, 'validation.invalid' satisfies MessageKey)
  .transform((v) => v.replace(/\/+$/, ''));

/** POST user-private-zones: the register form popup. */
export const RegisterZoneBody = z.object({ name: Name(30), base_url: ZoneUrl });
export type RegisterZoneBody = z.input<typeof RegisterZoneBody>;

/** A registered private zone, as its owner sees it. */
export const PrivateZone = z.object({
  id: z.string(),
  name: z.string(),
  base_url: z.string(),
  /** The owner's book_private_storage function apply (null: not applied). */
  audit_status: z.enum(ZONE_AUDIT_STATUSES).nullable(),
  /** SPEC 4's server-deployed flag: the zone answered a signed health check. */
  server_deployed: z.boolean(),
  deployed_at: z.number().nullable(),
  /** When the zone last answered (null: never). */
  last_seen_at: z.number().nullable(),
  revoked: z.boolean(),
  /** How many books live there now. */
  books: z.number().int(),
  created_at: z.number(),
});
export type PrivateZone = z.infer<typeof PrivateZone>;
export const ZonesResponse = listOf(PrivateZone);

/** A new zone: the secret its server is started with, shown this once. */
export const RegisterZoneResponse = dataOf(
  z.object({
    zone: PrivateZone,
    secret: z.string(),
    /** The settings to start the zone's server with (docs/zones.md, "Running a private zone"). */
    env: z.record(z.string(), z.string()),
  }),
);

/** A migration of one book, and how far it is. */
export const Migration = z.object({
  id: z.string(),
  book_id: z.string(),
  zone_id: z.string(),
  migration_type: z.enum(MIGRATION_TYPES),
  status: z.enum(MIGRATION_STATUSES),
  /** The table being copied now (null: rows done). */
  table: z.string().nullable(),
  tables_done: z.number().int(),
  tables_total: z.number().int(),
  rows_copied: z.number().int(),
  rows_total: z.number().int(),
  images_copied: z.number().int(),
  images_total: z.number().int(),
  /** Whether the first order's free trial paid for it (SPEC 9: 首单免费). */
  free_trial: z.boolean(),
  /** What it cost in banana shells ('0.00': free; given back if it ends without its cut-over). */
  price: Money,
  /** Why it failed or was refused by the other side (null otherwise). */
  error: z.string().nullable(),
  started_at: z.number(),
  finished_at: z.number().nullable(),
});
export type Migration = z.infer<typeof Migration>;
export const MigrationResponse = dataOf(Migration);
export const MigrationStatusResponse = dataOf(Migration.nullable());

/** GET user-private-zones/book: where the Trading-Entity book is, and the page state of SPEC 4. */
export const BookZoneResponse = dataOf(
  z.object({
    book_id: z.string(),
    zone_state: z.enum(BOOK_ZONE_STATES),
    zone: PrivateZone.nullable(),
    /** The caller's private-storage review (null: not applied). */
    audit_status: z.enum(ZONE_AUDIT_STATUSES).nullable(),
    /** SPEC 4's page state; null while nothing is applied for or the book is already in its zone. */
    page_state: z.enum(ZONE_PAGE_STATES).nullable(),
    /** The latest migration of the book (in flight or finished). */
    migration: Migration.nullable(),
    /** Whether the caller's next migration is the free first order. */
    first_order_free: z.boolean(),
    /** What the caller's next move to a private zone costs, in banana shells ('0.00' on the first). */
    price: Money,
  }),
);
export type BookZone = z.infer<typeof BookZoneResponse>['data'];

/** GET server-env: the environment and domain of the server that serves the book. */
export const ServerEnvResponse = dataOf(
  z.object({
    env: z.enum(ENVIRONMENTS),
    /** The zone's id (null: the public zone). */
    zone_id: z.string().nullable(),
    domain: z.string(),
    /** The hosts of the environments a client outside production may switch to (CAB_ENV_HOSTS). */
    hosts: z.partialRecord(z.enum(ENVIRONMENTS), z.string()),
  }),
);
export type ServerEnv = z.infer<typeof ServerEnvResponse>['data'];

/** v1: the book, moved to the caller's one deployed zone; v2 names the zone. */
export const PublicToPrivateBody = z.object({ book_id: Id });
export const PublicToPrivateV2Body = z.object({ book_id: Id, zone_id: Id });
export const ZoneSyncBody = z.object({ book_id: Id });
export const ZoneSyncResponse = dataOf(z.object({ book_id: z.string(), zone_state: z.enum(BOOK_ZONE_STATES), online: z.boolean() }));
export const MigrationParams = z.object({ book_id: Id, migration_type: z.enum(MIGRATION_TYPES) });
