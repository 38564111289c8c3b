import fs from 'node:fs';
import { AUTH_PATHS } from '@cab/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, nextPhone, serverDataDir } from './harness.ts';
import { signedFetch, startServerProcess, waitForExit, type RunningServer } from './process.ts';

const dataDir = await serverDataDir('cab-crash-');
const running: RunningServer[] = [];
afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// On PostgreSQL runs the server gets a database of its own; otherwise the embedded PGlite in dataDir.
const dbEnv = async (): Promise<Record<string, string>> => {
  const url = await freshDatabaseUrl();
  return url ? { DATABASE_URL: url, CAB_DATA_DIR: dataDir } : { CAB_DATA_DIR: dataDir };
};

async function login(base: string, phone: string): Promise<string> {
  expect((await signedFetch(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 })).status).toBe(200);
  const outbox = (await (await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  const res = await signedFetch(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function nickname(base: string, token: string): Promise<string> {
  const res = await signedFetch(base, 'GET', AUTH_PATHS.userInfo, undefined, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { nickName: string } }).data.nickName;
}

describe('durability of the server process', () => {
  let env: Record<string, string>;

  it('stops cleanly on SIGTERM and starts again with everything kept', { timeout: 120_000 }, async () => {
    env = await dbEnv();
    const first = await startServerProcess(env);
    running.push(first);
    const token = await login(first.base, nextPhone());
    expect((await signedFetch(first.base, 'PATCH', AUTH_PATHS.updateUser, { nickname: 'before-stop' }, token)).status).toBe(200);
    first.proc.kill('SIGTERM');
    expect(await waitForExit(first.proc)).toBe(0);
    const second = await startServerProcess(env);
    running.push(second);
    expect(await nickname(second.base, token)).toBe('before-stop');
    if (!env.DATABASE_URL) {
      // A second server on the same embedded data directory refuses to start.
      const err = await startServerProcess(env).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String(err)).toContain('in use by another CAB server');
    }
    second.proc.kill('SIGINT');
    expect(await waitForExit(second.proc)).toBe(0);
  });

  it('keeps every acknowledged update when killed with SIGKILL mid-burst', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(env);
    running.push(server);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => login(server.base, nextPhone())));
    const acked: string[][] = tokens.map(() => []);
    const sent: string[][] = tokens.map(() => []);
    let killed = false;
    const bursts = tokens.map(async (token, u) => {
      for (let i = 0; !killed; i++) {
        const value = `u${u}-n${i}`;
        sent[u]!.push(value);
        try {
          const res = await signedFetch(server.base, 'PATCH', AUTH_PATHS.updateUser, { nickname: value }, token);
          if (res.ok) acked[u]!.push(value);
        } catch {
          return; // the connection died with the server
        }
      }
    });
    while (acked.some((a) => a.length < 20)) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    server.proc.kill('SIGKILL');
    await Promise.all(bursts);
    await waitForExit(server.proc);

    const again = await startServerProcess(env);
    running.push(again);
    for (let u = 0; u < tokens.length; u++) {
      const last = acked[u]!.at(-1)!;
      // The last acknowledged value is there, or a later one whose answer the kill swallowed.
      const allowed = sent[u]!.slice(sent[u]!.indexOf(last));
      expect(allowed).toContain(await nickname(again.base, tokens[u]!));
    }
    again.proc.kill('SIGTERM');
    expect(await waitForExit(again.proc)).toBe(0);
  });
});
