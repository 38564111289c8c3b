import type { BookZone, MigrationType } from '@cab/contracts/client';

/**
 * The register form's limits, as the contracts' RegisterZoneBody has them (packages/contracts
 * /src/zones.ts: `Name(30)` and `ZoneUrl`). That module reaches the web as types only, so
 * its values are repeated here; the server checks them again and its message is shown.
 */
export const ZONE_NAME_MAX = 30;
export const ZONE_URL_MAX = 200;
const ZONE_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~/-]*)?$/;

/** Whether a zone's address is http(s)://host[:port][/path] and nothing more. */
export const isZoneUrl = (v: string): boolean => {
  const url = v.trim();
  return url.length <= ZONE_URL_MAX && ZONE_URL.test(url);
};

/** An address takes no spaces or line breaks (a pasted one often ends with one), and no more than it may have. */
export const urlInput = (v: string): string => v.replace(/\s+/g, '').slice(0, ZONE_URL_MAX);

/**
 * What the private server page shows (SPEC 4), from the book's place, the caller's review
 * and the page state the server worked out:
 * - open: nothing applied for; rejected: the review said no (apply again);
 * - awaiting: applied, under review; register: approved, no zone registered yet;
 * - deploy: a zone registered, its server not answering yet; migrate: it answers;
 * - migrating: a move in flight (either way); remote: the book lives in the zone.
 */
export type ZoneView = 'open' | 'rejected' | 'awaiting' | 'register' | 'deploy' | 'migrate' | 'migrating' | 'remote';

export function viewOf(z: BookZone): ZoneView {
  // A move back keeps the book remote until its cut-over, so "migrating" is looked at first.
  if (z.page_state === 'migrating') return 'migrating';
  if (z.zone_state === 'remote') return 'remote';
  if (z.audit_status === null) return 'open';
  if (z.audit_status === 'rejected') return 'rejected';
  if (z.audit_status === 'applied') return 'awaiting';
  // Approved: the zone, if any, says how far the deployment is.
  if (z.page_state === 'to-be-migrated') return 'migrate';
  if (z.page_state === 'approved-to-deploy' || (z.zone && !z.zone.server_deployed)) return 'deploy';
  return z.zone ? 'migrate' : 'register';
}

/** Which way the move in flight goes: the latest migration's, else away from where the book is. */
export const movingType = (z: BookZone): MigrationType =>
  z.migration?.migration_type ?? (z.zone_state === 'remote' ? 'private-to-public' : 'public-to-private');

/** "KEY=value" lines of the settings a zone's server starts with, in the order given. */
export const envLines = (env: Record<string, string>): string =>
  Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');

/** The settings' names (docs/zones.md, "What a zone is"). */
export const ZONE_ENV = { id: 'CAB_ZONE_ID', publicUrl: 'CAB_ZONE_PUBLIC_URL', secret: 'CAB_ZONE_SECRET' } as const;

/** The README's two commands: the same build runs a zone. */
export const START_COMMANDS = 'npm install && npm start';

/** Going to another environment's host: a page load of its own (kept in an object, so a test can watch it). */
export const hostNavigation = { go: (url: string): void => window.location.assign(url) };
