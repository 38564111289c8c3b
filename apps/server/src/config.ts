import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { ENVIRONMENTS, FREE_CAPACITY_MB, WEB_CLIENT_KEY, WEB_CLIENT_SECRET, type EnvironmentName } from '@cab/contracts';
import { parsePaymentSettings, type PaymentSettings } from './payments-config.ts';
import { parseSmsSettings, type SmsSettings } from './sms-config.ts';
import { parseS3Settings, type S3Settings } from './storage-config.ts';
import { parseWebviewSettings, type WebviewSettings } from './webviews-config.ts';
import { REPO_ROOT } from './server-root.ts';

export interface ClientKey {
  secret: string;
  /** Legacy clients may sign with md5(key + nonce + timestamp + secret). */
  legacy: boolean;
}

export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Key prefix in Redis, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /**
   * What is kept in memory (answerCacheMode): 'on' book reads' answers, tokens and
   * memberships; 'compute' tokens and memberships only, every answer computed; 'off' nothing.
   */
  answerCache: AnswerCacheMode;
  /** PostgreSQL: statements prepared once per connection (CAB_PG_PREPARE, on by default; platform/db/prepared-pool.ts). */
  pgPrepare: boolean;
  /** PostgreSQL: the most connections this instance opens (CAB_PG_POOL, 10; docs/scale.md says how to size it). */
  pgPool: number;
  clientKeys: Map<string, ClientKey>;
  /** Our own proxies (addresses, CIDR ranges): only their X-Forwarded-For names the client. None by default. */
  trustedProxies: string[];
  /** Host-app origins that may frame the web app and /docs (CSP frame-ancestors). None by default. */
  frameAncestors: string[];
  /** Origins besides our own the web app may show images from (an operation's https image). None by default. */
  imageOrigins: string[];
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  bodyLimitBytes: number;
  /** Each book's cloud space before any rental, in MB (CAB_FREE_SPACE_MB; SPEC's 100 by default; docs/cloud.md). */
  freeSpaceMb: number;
  webDistDir: string;
  /** Hosts whose https images may be avatars besides CAB's own uploads (CAB_AVATAR_HOSTS; none by default). */
  avatarHosts: readonly string[];
  logLevel: string;
  /** How long a stop (SIGTERM, SIGINT) may take before the server exits anyway. */
  shutdownTimeoutMs: number;
  /** Log bytes waiting for a slow reader beyond which new lines are dropped. */
  logBacklogBytes: number;
  /** Live update streams (docs/live.md): heartbeat period, streams per user and in all on one instance. */
  live: { heartbeatMs: number; perUser: number; total: number };
  /** How verification codes are sent (sms-config.ts); production refuses the dev outbox. */
  sms: SmsSettings;
  /** How payments are taken: the sandbox provider, where notifications arrive (payments-config.ts). */
  payments: PaymentSettings;
  /** Private zones (docs/zones.md): this server's zone when it is one, and how it reaches others. */
  zones: ZoneSettings;
  /** How many days behaviour events are kept (CAB_TRACKING_RETENTION_DAYS; 90; docs/host.md). */
  trackingRetentionDays: number;
  /**
   * Each partner host's key for its sign-in codes (CAB_HOST_KEYS="a:<key>,b:<key>"). Outside
   * production a host left out gets a random key at start, which the test host signs with.
   */
  hostKeys: Map<'a' | 'b', string>;
  /** Outside pages CAB may open, and the customer-service and follow pages (webviews-config.ts; docs/host.md). */
  webviews: WebviewSettings;
  /** The bucket every instance keeps the uploads in (CAB_S3_*; storage-config.ts); undefined: CAB_DATA_DIR's files and private. */
  s3: S3Settings | undefined;
}

export interface ZoneSettings {
  /** Set when this server is a private zone (CAB_ZONE_ID, CAB_ZONE_PUBLIC_URL, CAB_ZONE_SECRET); undefined: the public zone. */
  self: { id: string; publicUrl: string; secret: string } | undefined;
  /** SPEC 9's environment this server is (CAB_ENV; prod by default). */
  env: EnvironmentName;
  /** The environments' hosts a client outside production may switch to (CAB_ENV_HOSTS="test5=https://...,uat=https://..."). */
  envHosts: Partial<Record<EnvironmentName, string>>;
  /** Whether a zone's address may be on this machine or a private network (CAB_ZONE_PRIVATE_HOSTS; off in production). */
  privateHosts: boolean;
  /** How long a zone has to answer before its book is off-line (CAB_ZONE_TIMEOUT_MS; 10 s). */
  timeoutMs: number;
}

/** The zone settings; the three of a private zone come together or not at all. */
export function parseZoneSettings(env: NodeJS.ProcessEnv, production: boolean): ZoneSettings {
  const { CAB_ZONE_ID: id, CAB_ZONE_PUBLIC_URL: url, CAB_ZONE_SECRET: secret } = env;
  const given = [id, url, secret].filter((v) => v !== undefined && v !== '').length;
  if (given !== 0 && given !== 3)
    throw new Error('CAB_ZONE_ID, CAB_ZONE_PUBLIC_URL and CAB_ZONE_SECRET are set together (a private zone) or not at all');
  if (id !== undefined && id !== '' && (!/^[1-9][0-9]{0,6}$/.test(id) || Number(id) > 8_388_607))
    throw new Error(`CAB_ZONE_ID "${id}" must be the zone's id, 1 to 8388607`);
  if (url && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(url)) throw new Error(`CAB_ZONE_PUBLIC_URL "${url}" must be an http(s) address`);
  if (secret && !/^[A-Za-z0-9_-]{32,128}$/.test(secret))
    throw new Error('CAB_ZONE_SECRET must be the secret the public zone showed (32 or more letters and digits)');
  const envName = env.CAB_ENV || 'prod';
  if (!(ENVIRONMENTS as readonly string[]).includes(envName))
    throw new Error(`CAB_ENV must be one of ${ENVIRONMENTS.join(', ')}, not ${envName}`);
  const envHosts: Partial<Record<EnvironmentName, string>> = {};
  for (const pair of list(env.CAB_ENV_HOSTS)) {
    const [name = '', host = ''] = pair.split(/=(.*)/s);
    if (!(ENVIRONMENTS as readonly string[]).includes(name) || !/^https?:\/\/[^\s/?#]+\/?$/.test(host))
      throw new Error(`CAB_ENV_HOSTS entry "${pair}" must be env=https://host (env one of ${ENVIRONMENTS.join(', ')})`);
    envHosts[name as EnvironmentName] = host.replace(/\/$/, '');
  }
  const timeoutMs = Number(env.CAB_ZONE_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000) throw new Error('CAB_ZONE_TIMEOUT_MS must be 100 to 120000');
  return {
    self: given === 3 ? { id: id!, publicUrl: url!.replace(/\/+$/, ''), secret: secret! } : undefined,
    env: envName as EnvironmentName,
    envHosts,
    privateHosts: onOff(env, 'CAB_ZONE_PRIVATE_HOSTS', !production),
    timeoutMs,
  };
}

function parseKeys(raw: string | undefined, legacy: boolean, into: Map<string, ClientKey>): void {
  for (const pair of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const i = pair.indexOf(':');
    if (i <= 0 || i === pair.length - 1) throw new Error(`client key entry "${pair}" must be key:secret`);
    into.set(pair.slice(0, i), { secret: pair.slice(i + 1), legacy });
  }
}

/**
 * CAB_AVATAR_HOSTS: host names (a port may follow) separated by commas, compared with an
 * avatar address's host as the URL parser writes it (lower case, the default port left out).
 */
function parseHosts(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/:443$/, ''))
    .filter(Boolean);
  for (const h of hosts) {
    if (!/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]{1,5})?$/.test(h)) {
      throw new Error(`CAB_AVATAR_HOSTS entry "${h}" must be a host name such as img.example.com`);
    }
  }
  return hosts;
}

export type AnswerCacheMode = 'on' | 'compute' | 'off';

/**
 * Whether book reads may be answered from memory (http/answer-cache.ts). Every instance
 * must hear of every change: so by default it is on with embedded PGlite (one process
 * holds the data directory) and, on PostgreSQL, only with Redis to carry the changes
 * between instances. CAB_ANSWER_CACHE=on says one instance serves the database; off turns
 * it off; compute keeps tokens and memberships but computes every answer (what the first
 * read after a write costs: the benchmarks measure it).
 */
function answerCacheMode(env: NodeJS.ProcessEnv): AnswerCacheMode {
  const v = env.CAB_ANSWER_CACHE;
  if (v === 'on' || v === 'off' || v === 'compute') return v;
  if (v) throw new Error(`CAB_ANSWER_CACHE must be on, compute or off, not ${v}`);
  return !env.DATABASE_URL || env.REDIS_URL ? 'on' : 'off';
}

/** Instances times this must stay under PostgreSQL's max_connections, or go through PgBouncer. */
function pgPool(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new Error(`CAB_PG_POOL must be a whole number from 1 to 200, not ${raw}`);
  return n;
}

/** A switch set to on or off; anything else is refused at start. */
function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  if (v === 'on' || v === 'off') return v === 'on';
  throw new Error(`${name} must be on or off, not ${v}`);
}

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** proxy-addr's names for whole ranges: the loopback, link-local and unique-local addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * CAB_TRUSTED_PROXIES: the proxies whose X-Forwarded-For is believed. Each is an IP
 * address, a CIDR range or one of proxy-addr's range names. A range of every address
 * (`/0`) is refused: it would let any caller choose the address its limits count.
 */
export function parseTrustedProxies(raw: string | undefined): string[] {
  return list(raw).map((entry) => {
    if (PROXY_RANGES.has(entry)) return entry;
    const [addr = '', prefix, extra] = entry.split('/');
    const family = net.isIP(addr);
    const bits = family === 6 ? 128 : 32;
    if (family && prefix !== undefined && /^0+$/.test(prefix))
      throw new Error(`CAB_TRUSTED_PROXIES: "${entry}" would trust every address: name the proxies' own addresses`);
    const prefixOk = prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined)
      throw new Error(
        `CAB_TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR range (10.0.0.0/8, 1 to ${bits} bits) or one of loopback, linklocal, uniquelocal`,
      );
    return entry;
  });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A list of origins (CAB_FRAME_ANCESTORS, CAB_IMAGE_ORIGINS): scheme, host and port and
 * nothing else; https, or http on this machine only (a development host page).
 */
export function parseOrigins(name: string, raw: string | undefined): string[] {
  return list(raw).map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    // Nothing but host and port: no path, no wildcard, nothing that could end a CSP source.
    const bare = /^https?:\/\/[^/?#@\s]+\/?$/i.test(entry) && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url?.hostname ?? '');
    if (!url || !secure || !bare)
      throw new Error(`${name}: "${entry}" is not an origin such as https://host.example.com (https, or http on localhost; no path)`);
    return url.origin;
  });
}

/** CAB_FREE_SPACE_MB: whole MB, 1 to 102400; SPEC's 100 when unset. */
function freeSpaceMb(raw: string | undefined): number {
  if (raw === undefined || raw === '') return FREE_CAPACITY_MB;
  const n = Number(raw);
  if (!/^[0-9]{1,6}$/.test(raw) || n < 1 || n > 102_400) throw new Error(`CAB_FREE_SPACE_MB "${raw}" must be whole MB from 1 to 102400`);
  return n;
}

/** CAB_HOST_KEYS: `a:<key>,b:<key>`, each key 32 or more characters. */
export function parseHostKeys(raw: string | undefined, production: boolean): Map<'a' | 'b', string> {
  const keys = new Map<'a' | 'b', string>();
  for (const pair of list(raw)) {
    const [host = '', key = ''] = pair.split(/:(.*)/s);
    if ((host !== 'a' && host !== 'b') || !/^[A-Za-z0-9_-]{32,256}$/.test(key))
      throw new Error(`CAB_HOST_KEYS entry "${host}:..." must be a:<key> or b:<key>, the key 32 or more letters and digits`);
    keys.set(host, key);
  }
  if (!production) for (const h of ['a', 'b'] as const) if (!keys.has(h)) keys.set(h, crypto.randomBytes(32).toString('base64url'));
  return keys;
}

/** CAB_TRACKING_RETENTION_DAYS: whole days, 1 to 3650; 90 when unset. */
function retentionDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 90;
  const n = Number(raw);
  if (!/^[0-9]{1,4}$/.test(raw) || n < 1 || n > 3650)
    throw new Error(`CAB_TRACKING_RETENTION_DAYS "${raw}" must be whole days from 1 to 3650`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clientKeys = new Map<string, ClientKey>([[WEB_CLIENT_KEY, { secret: WEB_CLIENT_SECRET, legacy: false }]]);
  parseKeys(env.CAB_CLIENT_KEYS, false, clientKeys);
  parseKeys(env.CAB_LEGACY_CLIENT_KEYS, true, clientKeys);
  const repoRoot = REPO_ROOT;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir: path.resolve(env.CAB_DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.CAB_REDIS_PREFIX || 'cab:',
    answerCache: answerCacheMode(env),
    pgPrepare: onOff(env, 'CAB_PG_PREPARE', true),
    pgPool: pgPool(env.CAB_PG_POOL),
    clientKeys,
    trustedProxies: parseTrustedProxies(env.CAB_TRUSTED_PROXIES),
    frameAncestors: parseOrigins('CAB_FRAME_ANCESTORS', env.CAB_FRAME_ANCESTORS),
    imageOrigins: parseOrigins('CAB_IMAGE_ORIGINS', env.CAB_IMAGE_ORIGINS),
    accessTokenTtlMs: Number(env.CAB_ACCESS_TOKEN_TTL_SECONDS ?? 7200) * 1000,
    refreshTokenTtlMs: Number(env.CAB_REFRESH_TOKEN_TTL_SECONDS ?? 30 * 86400) * 1000,
    bodyLimitBytes: 1024 * 1024,
    freeSpaceMb: freeSpaceMb(env.CAB_FREE_SPACE_MB),
    webDistDir: path.resolve(env.CAB_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    avatarHosts: parseHosts(env.CAB_AVATAR_HOSTS),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    shutdownTimeoutMs: Number(env.CAB_SHUTDOWN_TIMEOUT_MS ?? 10_000),
    logBacklogBytes: Number(env.CAB_LOG_BACKLOG_BYTES ?? 1024 * 1024),
    live: {
      heartbeatMs: Number(env.CAB_LIVE_HEARTBEAT_MS ?? 20_000),
      perUser: Number(env.CAB_LIVE_STREAMS_PER_USER ?? 5),
      total: Number(env.CAB_LIVE_STREAMS_MAX ?? 10_000),
    },
    sms: parseSmsSettings(env, env.NODE_ENV === 'production'),
    payments: parsePaymentSettings(env, Number(env.PORT ?? 3000), env.NODE_ENV === 'production'),
    zones: parseZoneSettings(env, env.NODE_ENV === 'production'),
    trackingRetentionDays: retentionDays(env.CAB_TRACKING_RETENTION_DAYS),
    hostKeys: parseHostKeys(env.CAB_HOST_KEYS, env.NODE_ENV === 'production'),
    webviews: parseWebviewSettings(env, env.NODE_ENV === 'production'),
    s3: parseS3Settings(env),
  };
}
