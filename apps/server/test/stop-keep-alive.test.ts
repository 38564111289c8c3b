import fs from 'node:fs';
import net from 'node:net';
import { AUTH_PATHS } from '@cab/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, nextPhone, serverDataDir } from './harness.ts';
import { signedHeaders, startServerProcess, waitForExit, type RunningServer } from './process.ts';

const dataDir = await serverDataDir('cab-stop-ka-');
const running: RunningServer[] = [];
afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the exit code, or with 'still running' when the process outlives `ms`. */
function exitWithin(server: RunningServer, ms: number): Promise<number | null | 'still running'> {
  return Promise.race([waitForExit(server.proc), new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);
}

describe('stopping the server with keep-alive clients', () => {
  // A connection busy when the stop began is idle once answered; a client that keeps it
  // open used to hold the close until Fastify's 72 s keep-alive timeout (exit 1 at 10 s).
  it('exits 0 when a request in flight was answered on a connection its client keeps open', { timeout: 120_000 }, async () => {
    const url = await freshDatabaseUrl();
    const server = await startServerProcess({ CAB_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
    running.push(server);
    const { hostname, port } = new URL(server.base);
    const body = JSON.stringify({ phone: nextPhone(), type: 4 });
    const headers = {
      ...signedHeaders('POST', AUTH_PATHS.verifyCode, body),
      host: `${hostname}:${port}`,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'keep-alive',
    };
    const head = `POST ${AUTH_PATHS.verifyCode} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`;
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    socket.on('error', () => {});
    socket.write(head + body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 300));
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(5));
    // Answered, and the socket is left open as a keep-alive client leaves it.
    while (!received.includes('\r\n\r\n')) await new Promise((r) => setTimeout(r, 20));
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(await exitWithin(server, 9_000)).toBe(0);
    socket.destroy();
  });
});
