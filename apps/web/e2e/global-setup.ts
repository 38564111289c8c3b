import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterPrerequisites, startCluster } from '../../server/reliability/cluster.ts';
import { startServerProcess, waitForExit } from '../../server/test/process.ts';
import { startSandboxProcess } from '../../server/test/sandbox-process.ts';

/**
 * One server for the journeys, on a data directory of its own, serving the built web
 * app. Its address reaches the test workers through the environment they inherit.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // CAB_E2E_BASE_URL points the journeys at a server already running (e.g. `npm start`).
  if (process.env.CAB_E2E_BASE_URL) return async () => {};
  const dist = path.resolve(import.meta.dirname, '../dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('build the web app first (npm run build -w @cab/web)');
  // CAB_E2E_INSTANCES=3 (.ci/run): the journeys go through HAProxy to three instances on one
  // PostgreSQL and one Redis (apps/server/reliability/cluster.ts, docs/scale.md).
  const instances = Number(process.env.CAB_E2E_INSTANCES ?? 1);
  if (instances > 1) return behindProxy(instances);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-e2e-'));
  // Loopback is the journeys' proxy: each phone names its own address (browser.ts, phoneAddress).
  const server = await startServerProcess({ CAB_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', CAB_TRUSTED_PROXIES: 'loopback' });
  process.env.CAB_E2E_BASE_URL = server.base;
  return async () => {
    server.proc.kill('SIGTERM');
    await waitForExit(server.proc);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function behindProxy(instances: number): Promise<() => Promise<void>> {
  const ready = await clusterPrerequisites();
  if (typeof ready === 'string') throw new Error(`CAB_E2E_INSTANCES=${instances} needs PostgreSQL, Redis and HAProxy: ${ready}`);
  // One payment provider for all: a sandbox served by each instance would know only its own payments.
  const sandbox = await startSandboxProcess();
  const cluster = await startCluster({
    instances,
    redisUrl: ready.redisUrl,
    label: 'e2e',
    // As the one journey server: codes in the dev outbox (shared through Redis), each phone's own address.
    env: {
      NODE_ENV: 'development',
      CAB_SMS_PROVIDER: 'outbox',
      CAB_TRUSTED_PROXIES: 'loopback',
      CAB_PAY_SANDBOX_URL: sandbox.url,
      CAB_PAY_SANDBOX_API_KEY: sandbox.apiKey,
      CAB_PAY_SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret,
    },
    // Each phone names its own address (browser.ts, phoneAddress), as if HAProxy stood behind a CDN:
    // one address for all would run into the limits per network within a few journeys.
    proxyEnv: { CAB_PROXY_TRUSTED_FROM: '127.0.0.0/8' },
  }).catch(async (err: unknown) => {
    await sandbox.stop();
    throw err;
  });
  process.env.CAB_E2E_BASE_URL = cluster.proxy;
  console.log(`journeys through HAProxy at ${cluster.proxy} to ${instances} instances (${ready.haproxy})`);
  return async () => {
    await cluster.stop();
    await sandbox.stop();
  };
}
