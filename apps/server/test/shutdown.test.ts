import fs from 'node:fs';
import { AUTH_PATHS } from '@cab/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, nextPhone, serverDataDir } from './harness.ts';
import { halfSentRequest, startServerProcess, waitForExit, type RunningServer } from './process.ts';

const dirs: string[] = [];
const running: RunningServer[] = [];
afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function serverEnv(extra: Record<string, string>): Promise<Record<string, string>> {
  const dataDir = await serverDataDir('cab-stop-');
  dirs.push(dataDir);
  const url = await freshDatabaseUrl();
  return { CAB_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ...extra };
}

/** Resolves with the exit code, or with 'still running' when the process outlives `ms`. */
function exitWithin(server: RunningServer, ms: number): Promise<number | null | 'still running'> {
  return Promise.race([waitForExit(server.proc), new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);
}

/** Everything left in the stalled stdout pipe once the process is gone. */
function drainStdout(server: RunningServer): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    server.proc.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    server.proc.stdout?.on('end', () => resolve(text));
    server.proc.stdout?.resume();
  });
}

describe('stopping the server', () => {
  it('keeps answering and exits within 10 s of SIGTERM while nobody reads its stdout', { timeout: 120_000 }, async () => {
    // Info level: every API call writes a line; a small backlog makes the reader stall early.
    const server = await startServerProcess(await serverEnv({ LOG_LEVEL: 'info', CAB_LOG_BACKLOG_BYTES: '65536' }), {
      stalledStdout: true,
    });
    running.push(server);
    // Far more log than a pipe holds: unsigned calls are refused, each with one log line.
    let answered = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 500; i++) {
          const res = await fetch(`${server.base}${AUTH_PATHS.userInfo}`, { signal: AbortSignal.timeout(10_000) });
          expect(res.status).toBe(400);
          await res.arrayBuffer();
          answered++;
        }
      }),
    );
    expect(answered).toBe(4000);
    server.proc.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
    // The reader never caught up, so lines were dropped rather than waited for.
    const lines = (await drainStdout(server)).split('\n').filter((l) => l.includes('"msg":"request"'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(answered);
  });

  it('lets a request in flight finish, then exits 0', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(await serverEnv({ LOG_LEVEL: 'info' }));
    running.push(server);
    const req = halfSentRequest(server.base, AUTH_PATHS.verifyCode, JSON.stringify({ phone: nextPhone(), type: 4 }));
    await new Promise((r) => setTimeout(r, 300));
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.proc.exitCode).toBeNull(); // still waiting for the request
    req.finish();
    expect(await req.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });

  it('exits anyway when a stop cannot finish in time, saying what was still open', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(await serverEnv({ LOG_LEVEL: 'info', CAB_SHUTDOWN_TIMEOUT_MS: '1500' }));
    running.push(server);
    const req = halfSentRequest(server.base, AUTH_PATHS.verifyCode, JSON.stringify({ phone: nextPhone(), type: 4 }));
    await new Promise((r) => setTimeout(r, 300));
    server.proc.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(1);
    req.socket.destroy();
    const report = server
      .output()
      .split('\n')
      .find((l) => l.includes('shutdown did not finish'));
    expect(report).toBeDefined();
    expect(report).toContain(`POST ${AUTH_PATHS.verifyCode}`);
    expect(report).toContain('closing the HTTP server');
  });

  it('stops the server when `npm run serve` is stopped with SIGTERM, as a process manager stops it', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(await serverEnv({ LOG_LEVEL: 'info' }), { viaNpm: true });
    running.push(server);
    server.proc.kill('SIGTERM');
    // npm hands the signal on to the server, which stops as it does when signalled itself.
    expect(await exitWithin(server, 10_000), server.output()).toBe(0);
    expect(server.output()).toContain('"signal":"SIGTERM"');
    expect(server.output()).toContain('"msg":"stopped"');
    const answer = await fetch(`${server.base}/server/info`).catch((err: unknown) => err);
    expect(answer).toBeInstanceOf(Error);
  });
});
