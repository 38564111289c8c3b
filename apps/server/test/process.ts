import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { EMPTY_SHA256, WEB_CLIENT_KEY, WEB_CLIENT_SECRET, stringToSign } from '@cab/contracts';
import { startSmsGateway, type SmsGateway } from './sms-stub.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  proc: ChildProcess;
  base: string;
  output: () => string;
  /** In production, the local gateway the codes went to (production has no dev outbox). */
  sms?: SmsGateway;
}

/**
 * Starts the real server (src/main.ts) as its own process and waits until it answers.
 * With `stalledStdout`, nothing ever reads the server's stdout: its pipe fills up as
 * with a log reader that stopped reading.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { stalledStdout?: boolean; viaNpm?: boolean; compiled?: boolean; port?: number } = {},
): Promise<RunningServer> {
  // A given port: a server started again where its payment provider's notifications go.
  const port = opts.port ?? (await freePort());
  // Production refuses to start without an SMS provider: unless the caller names one, the
  // codes go to a local gateway, where the test reads them as a phone would.
  const production = (env.NODE_ENV ?? 'development') === 'production';
  const sms = production && !env.CAB_SMS_PROVIDER ? await startSmsGateway() : undefined;
  // viaNpm: as users and process managers start it, `npm run serve` from the repository's
  // root (npm, then npm again in the server's workspace, then node).
  // compiled: the bundle `npm start` runs (build.mjs; build it first).
  const [command, args, cwd] = opts.viaNpm
    ? ['npm', ['run', '-s', 'serve'], path.resolve(SERVER_DIR, '../..')]
    : opts.compiled
      ? [process.execPath, ['--enable-source-maps', 'dist/main.js'], SERVER_DIR]
      : [process.execPath, ['--import', 'tsx', 'src/main.ts'], SERVER_DIR];
  const proc = spawn(command, args, {
    cwd,
    // Each test server counts its rate limits in a Redis key space of its own.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.CAB_TEST_SERVER_LOG ?? 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      CAB_REDIS_PREFIX: `cabtest:${crypto.randomBytes(6).toString('hex')}:`,
      ...sms?.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.once('exit', () => void sms?.close());
  let out = '';
  if (opts.stalledStdout) proc.stdout?.pause();
  else proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${out}`);
    try {
      if ((await fetch(`${base}/server/info`)).ok) return { proc, base, output: () => out, ...(sms ? { sms } : {}) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start in 60 s: ${out}`);
}

export function waitForExit(proc: ChildProcess): Promise<number | null> {
  // A process killed by a signal has no exit code, only a signal code.
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
}

/** The headers of a signed call, as the web client sends them. */
export function signedHeaders(method: string, url: string, payload: string, token?: string): Record<string, string> {
  const nonce = crypto.randomBytes(12).toString('hex');
  const timestamp = String(Date.now());
  const bodySha256 = payload ? crypto.createHash('sha256').update(payload).digest('hex') : EMPTY_SHA256;
  const sign = crypto
    .createHmac('sha256', WEB_CLIENT_SECRET)
    .update(stringToSign({ clientKey: WEB_CLIENT_KEY, nonce, timestamp, method, pathWithQuery: url, bodySha256 }))
    .digest('hex');
  return {
    'client-key': WEB_CLIENT_KEY,
    'nonce-str': nonce,
    timestamp,
    sign,
    ...(payload ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** A signed HTTP call, as the web client makes it. */
export async function signedFetch(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return fetch(base + url, {
    method,
    headers: { ...signedHeaders(method, url, payload, token), ...extra },
    ...(payload ? { body: payload } : {}),
  });
}

/**
 * A signed POST whose body is sent in two parts, so it stays in flight in between:
 * `finish` sends the rest, `answer` is the raw HTTP answer once the connection closes.
 */
export function halfSentRequest(
  base: string,
  url: string,
  body: string,
  token?: string,
  extra: Record<string, string> = {},
): { socket: net.Socket; finish: () => void; answer: Promise<string> } {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  const headers = {
    ...signedHeaders('POST', url, body, token),
    ...extra,
    host: `${hostname}:${port}`,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = `POST ${url} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  const half = Math.floor(body.length / 2);
  socket.write(head + body.slice(0, half));
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const answer = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
  return { socket, finish: () => socket.write(body.slice(half)), answer };
}
