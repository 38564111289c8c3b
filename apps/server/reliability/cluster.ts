/**
 * Several CAB instances as a public cloud runs them (issue 32): the compiled server (what
 * `npm start` runs) as N processes in production mode on one PostgreSQL database and one
 * Redis key prefix (rate limits, nonces, live updates and kept answers shared), one files
 * directory, and HAProxy in front with the repository's configuration. The cluster test
 * kills and restarts instances under load through it; the bench measures 1, 2 and 3
 * instances through it.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess, waitForExit, type RunningServer } from '../test/process.ts';
import { startSmsGateway, type SmsGateway } from '../test/sms-stub.ts';
import { PG_ADMIN_URL, postgresAvailable, scratchDatabase, type ScratchDatabase } from './databases.ts';
import { BACKEND, HAPROXY_BIN, MAX_SERVERS, haproxyVersion, startHaproxy, type Haproxy } from './haproxy.ts';
import { redisUrl, sleep } from './load-measure.ts';
import type { LoadTarget } from './load-setup.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

let built = false;
/**
 * Builds dist/ (build.mjs, as `npm start` does) once per process: the instances run the
 * bundle, as deployed, and start in a second instead of compiling TypeScript each time.
 */
export function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'pipe' });
  built = true;
}

export interface ClusterPrerequisites {
  redisUrl: string;
  haproxy: string;
}

/**
 * What a cluster needs: PostgreSQL, Redis and HAProxy. Answers why not (to skip with)
 * when one is missing, or throws when CAB_REQUIRE_POSTGRES says CI must have them.
 */
export async function clusterPrerequisites(): Promise<ClusterPrerequisites | string> {
  const required = Boolean(process.env.CAB_REQUIRE_POSTGRES);
  const missing = (why: string) => {
    if (required) throw new Error(`the cluster test is required (CAB_REQUIRE_POSTGRES) but ${why}`);
    console.warn(`cluster: skipped, ${why}`);
    return why;
  };
  if (!(await postgresAvailable())) return `PostgreSQL does not answer at ${PG_ADMIN_URL}`;
  const redis = await redisUrl();
  if (!redis) return missing(`Redis does not answer at ${process.env.REDIS_URL || 'redis://127.0.0.1:6379'} (REDIS_URL)`);
  const version = await haproxyVersion();
  if (!version)
    return missing(`HAProxy is not installed at ${HAPROXY_BIN}: apt-get install haproxy (Debian's package), or name it in CAB_HAPROXY_BIN`);
  return { redisUrl: redis, haproxy: version };
}

export interface ClusterInstance {
  /** HAProxy's name of it: cab1, cab2... */
  name: string;
  port: number;
  /** Its own address, around the proxy. */
  base: string;
  /** The running process; undefined while it is stopped or killed. */
  server: RunningServer | undefined;
  /** What every process on this port wrote, the earlier ones included. */
  output(): string;
}

/** When each step of a restart happened (performance.now()). */
export interface RestartTimes {
  drainedAt?: number;
  /** When SIGTERM was sent, and when the process had exited, with its code. */
  stoppedAt: number;
  exitedAt: number;
  exitCode: number | null;
  /** When the new process answered, and when HAProxy had it up again. */
  startedAt: number;
  upAt: number;
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  proxy: string;
  instances: ClusterInstance[];
  haproxy: Haproxy;
  db: ScratchDatabase;
  /** Where every instance sends its codes (one gateway, whichever instance sends). */
  sms: SmsGateway;
  /** The proxy, for load-setup's calls. */
  target: LoadTarget;
  redisPrefix: string;
  /** SIGKILL: the instance dies with whatever it was doing. */
  kill(i: number): Promise<void>;
  /**
   * A rolling redeploy of one instance: HAProxy drains it (sends it nothing new, up to
   * `drainMs` for what it has to finish), SIGTERM, and once it has exited the same port
   * serves a new process, taken back once HAProxy sees it up. `drain: false` is a bare
   * SIGTERM, the proxy learning of it from refused connections and failed checks.
   */
  restart(i: number, o?: { drain?: boolean; drainMs?: number }): Promise<RestartTimes>;
  /** Starts a stopped or killed instance again on its port; resolves once HAProxy has it up. */
  start(i: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  redisUrl: string;
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  /** Added to HAProxy's (CAB_PROXY_TRUSTED_FROM: the journeys' phones name their own addresses). */
  proxyEnv?: Record<string, string>;
  /** Build dist/ first (default); false when the caller has just built it. */
  build?: boolean;
  label?: string;
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  if (o.instances < 1 || o.instances > MAX_SERVERS) throw new Error(`1 to ${MAX_SERVERS} instances, not ${o.instances}`);
  if (o.build !== false) buildServer();
  const db = await scratchDatabase('postgres', o.label ?? 'cluster');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-haproxy-'));
  const sms = await startSmsGateway();
  const redisPrefix = `cabcluster:${crypto.randomBytes(6).toString('hex')}:`;
  // The proxy's address is the public one: where a payment's cashier sends the payer back (CAB_PUBLIC_URL).
  const proxyPort = await freePort();
  const env: Record<string, string> = {
    CAB_PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    // CAB_DATA_DIR is one directory for all: its files folder is the shared storage on one machine.
    ...db.env,
    ...sms.env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.CAB_CLUSTER_LOG ?? 'warn',
    REDIS_URL: o.redisUrl,
    // One prefix: a limit counted on one instance is counted for all, and their messages meet.
    CAB_REDIS_PREFIX: redisPrefix,
    // HAProxy connects from 127.0.0.1: its X-Forwarded-For names the client.
    CAB_TRUSTED_PROXIES: '127.0.0.1',
    ...o.env,
  };
  const instances: Array<ClusterInstance & { runs: RunningServer[] }> = [];
  let haproxy: Haproxy | undefined;
  const stopAll = async () => {
    await Promise.all(
      instances.map(async (x) => {
        const proc = x.server?.proc;
        if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
        proc.kill('SIGTERM');
        // A timer that does not hold the process open once the instance has exited (the journeys' teardown).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([waitForExit(proc), new Promise((r) => (timer = setTimeout(r, 15_000)))]);
        clearTimeout(timer);
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      }),
    );
    await haproxy?.stop();
    await sms.close();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const launch = async (x: ClusterInstance & { runs: RunningServer[] }) => {
    x.server = await startServerProcess(env, { compiled: true, port: x.port });
    x.runs.push(x.server);
  };

  try {
    for (let i = 0; i < o.instances; i++) {
      const port = await freePort();
      const runs: RunningServer[] = [];
      const x: ClusterInstance & { runs: RunningServer[] } = {
        name: `cab${i + 1}`,
        port,
        base: `http://127.0.0.1:${port}`,
        server: undefined,
        runs,
        output: () => runs.map((r) => r.output()).join('\n'),
      };
      instances.push(x);
    }
    // The first one alone migrates the new database; the others find it done.
    const [first, ...rest] = instances;
    if (first) await launch(first);
    await Promise.all(rest.map(launch));
    haproxy = await startHaproxy({
      port: proxyPort,
      servers: instances.map((x) => `127.0.0.1:${x.port}`),
      dir,
      ...(o.proxyEnv ? { env: o.proxyEnv } : {}),
    });
  } catch (err) {
    await stopAll();
    throw err;
  }
  const proxy = haproxy;
  const at = (i: number) => {
    const x = instances[i];
    if (!x) throw new Error(`no instance ${i}`);
    return x;
  };
  const start = async (i: number) => {
    const x = at(i);
    if (x.server) throw new Error(`${x.name} is running`);
    await launch(x);
    await proxy.waitFor(x.name, 'UP');
  };

  return {
    proxy: proxy.base,
    instances,
    haproxy: proxy,
    db,
    sms,
    target: { base: proxy.base, sms },
    redisPrefix,
    kill: async (i) => {
      const x = at(i);
      const proc = x.server?.proc;
      if (!proc) throw new Error(`${x.name} is not running`);
      proc.kill('SIGKILL');
      await waitForExit(proc);
      x.server = undefined;
    },
    restart: async (i, r = {}) => {
      const x = at(i);
      const proc = x.server?.proc;
      if (!proc) throw new Error(`${x.name} is not running`);
      const drain = r.drain ?? true;
      let drainedAt: number | undefined;
      if (drain) {
        await proxy.command(`set server ${BACKEND}/${x.name} state drain`);
        drainedAt = performance.now();
        // What it was sent before the drain gets to finish; live streams would never, hence the bound.
        for (const deadline = Date.now() + (r.drainMs ?? 10_000); Date.now() < deadline; await sleep(50)) {
          if ((await proxy.servers()).find((s) => s.name === x.name)?.current === 0) break;
        }
      }
      const stoppedAt = performance.now();
      proc.kill('SIGTERM');
      const exitCode = await waitForExit(proc);
      const exitedAt = performance.now();
      await launch(x);
      const startedAt = performance.now();
      if (drain) await proxy.command(`set server ${BACKEND}/${x.name} state ready`);
      await proxy.waitFor(x.name, 'UP');
      return { ...(drainedAt === undefined ? {} : { drainedAt }), stoppedAt, exitedAt, exitCode, startedAt, upAt: performance.now() };
    },
    start,
    stop: stopAll,
  };
}
