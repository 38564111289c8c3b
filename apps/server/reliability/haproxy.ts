/**
 * HAProxy as the reliability suite runs it: Debian's binary with the repository's own
 * configuration (ops/haproxy/cab.cfg), its settings from the environment, its log read
 * from stdout and its admin socket asked for the instances' states.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sleep } from './load-measure.ts';

export const HAPROXY_BIN = process.env.CAB_HAPROXY_BIN || '/usr/sbin/haproxy';
export const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '../../../ops/haproxy/cab.cfg');
export const BACKEND = 'be_cab';
/** The configuration names CAB_SERVER_1 to CAB_SERVER_4. */
export const MAX_SERVERS = 4;

/** HAProxy's version ("2.6.12-1+deb12u1"), or undefined when it is not installed. */
export function haproxyVersion(): Promise<string | undefined> {
  if (!fs.existsSync(HAPROXY_BIN)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile(HAPROXY_BIN, ['-v'], (err, stdout) => resolve(err ? undefined : /version (\S+)/.exec(stdout)?.[1]));
  });
}

/** One request as HAProxy's `option httplog` wrote it. */
export interface ProxyLogLine {
  frontend: string;
  backend: string;
  /** The instance that answered (or failed to); `<NOSRV>` when none was reached. */
  server: string;
  /** Total time in ms, from the request's first byte to the answer's last. */
  totalMs: number;
  /** -1 when no answer came. */
  status: number;
  /** Two letters: who ended it (C client, S server, P proxy, - nobody) and when (R request, C connect, H headers, D data, L last). */
  termination: string;
  /** How many times the connection was tried again; `redispatched` when the last went to another instance. */
  retries: number;
  redispatched: boolean;
  /** The X-Request-Id the client sent. */
  requestId: string;
  request: string;
}

// %ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq {%hr} "%r"
const HTTPLOG =
  /^\S+ \[[^\]]+\] (\S+) ([^/\s]+)\/(\S+) -?\d+\/-?\d+\/-?\d+\/-?\d+\/\+?(-?\d+) (-?\d+) \+?\d+ \S+ \S+ (\S\S)\S\S \d+\/\d+\/\d+\/\d+\/(\+?)(\d+) \d+\/\d+ \{([^}]*)\}\s+"(.*)"$/;

export function parseProxyLog(text: string): ProxyLogLine[] {
  const lines: ProxyLogLine[] = [];
  for (const line of text.split('\n')) {
    const m = HTTPLOG.exec(line.trim());
    if (!m) continue;
    const [
      ,
      frontend = '',
      backend = '',
      server = '',
      total = '',
      status = '',
      termination = '',
      plus = '',
      retries = '',
      id = '',
      request = '',
    ] = m;
    lines.push({
      frontend,
      backend,
      server,
      totalMs: Number(total),
      status: Number(status),
      termination,
      retries: Number(retries),
      redispatched: plus === '+',
      requestId: id,
      request,
    });
  }
  return lines;
}

/** An instance as the admin socket's `show stat` has it. */
export interface ServerStat {
  name: string;
  /** UP, DOWN, DRAIN, MAINT, or UP/DOWN n/m while changing. */
  status: string;
  /** Requests it is serving now. */
  current: number;
  /** Requests it was sent in all. */
  total: number;
}

export interface Haproxy {
  base: string;
  proc: ChildProcess;
  /** Everything HAProxy wrote (its log lines and its warnings). */
  output(): string;
  log(): ProxyLogLine[];
  /** One command on the admin socket; its answer. */
  command(cmd: string): Promise<string>;
  servers(): Promise<ServerStat[]>;
  /** Waits until HAProxy has the instance in `status` (UP, DOWN...). */
  waitFor(server: string, status: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground on `port`, in front of `servers` (host:port each, at most four). */
export async function startHaproxy(o: { port: number; servers: string[]; dir: string; env?: Record<string, string> }): Promise<Haproxy> {
  if (o.servers.length < 1 || o.servers.length > MAX_SERVERS)
    throw new Error(`ops/haproxy/cab.cfg names 1 to ${MAX_SERVERS} instances, not ${o.servers.length}: add a server line there`);
  const socket = path.join(o.dir, 'haproxy.sock');
  const env: Record<string, string> = {
    ...process.env,
    CAB_PROXY_BIND: `127.0.0.1:${o.port}`,
    CAB_HAPROXY_SOCKET: socket,
    // Far under the default: an unprivileged HAProxy cannot raise its descriptors to 40,000.
    CAB_PROXY_MAXCONN: '2000',
    ...o.env,
  };
  for (const [i, s] of o.servers.entries()) env[`CAB_SERVER_${i + 1}`] = s;
  // -db: in the foreground, no daemon, so the test owns the process and reads its log.
  const proc = spawn(HAPROXY_BIN, ['-f', HAPROXY_CONFIG, '-db'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));

  const command = (cmd: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      const c = net.createConnection(socket, () => c.write(`${cmd}\n`));
      c.on('data', (d: Buffer) => (answer += d.toString()));
      c.on('end', () => resolve(answer));
      c.on('error', reject);
    });
  const servers = async (): Promise<ServerStat[]> => {
    // -1 4 -1: every proxy, servers only.
    const [head = '', ...rows] = (await command('show stat -1 4 -1')).trim().split('\n');
    const cols = head.replace(/^# /, '').split(',');
    const at = (row: string[], name: string) => row[cols.indexOf(name)] ?? '';
    return rows
      .map((r) => r.split(','))
      .filter((r) => at(r, 'pxname') === BACKEND)
      .map((r) => ({ name: at(r, 'svname'), status: at(r, 'status'), current: Number(at(r, 'scur')), total: Number(at(r, 'stot')) }));
  };
  const waitFor = async (server: string, status: string, timeoutMs = 15_000) => {
    let seen = '';
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
      seen = (await servers()).find((s) => s.name === server)?.status ?? 'missing';
      if (seen === status) return;
    }
    throw new Error(`HAProxy still has ${server} ${seen} after ${timeoutMs} ms, not ${status}`);
  };

  const base = `http://127.0.0.1:${o.port}`;
  const names = o.servers.map((_, i) => `cab${i + 1}`);
  for (const deadline = Date.now() + 15_000; ; await sleep(100)) {
    if (proc.exitCode !== null) throw new Error(`HAProxy exited with ${proc.exitCode}: ${out}`);
    const up = await servers().catch(() => []);
    if (names.every((n) => up.some((s) => s.name === n && s.status === 'UP'))) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`HAProxy did not see every instance up in 15 s (${JSON.stringify(up)}): ${out}`);
    }
  }
  return {
    base,
    proc,
    output: () => out,
    log: () => parseProxyLog(out),
    command,
    servers,
    waitFor,
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      // SIGUSR1: a soft stop (stop listening, finish what is open).
      proc.kill('SIGUSR1');
      await Promise.race([exited, sleep(5000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    },
  };
}
