import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AUTH_PATHS } from '@cab/contracts';
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl, nextPhone, serverDataDir } from './harness.ts';
import { signedFetch, startServerProcess, waitForExit, type RunningServer } from './process.ts';

// `npm start` runs the server as one compiled bundle (build.mjs), not TypeScript through
// tsx: what tsx resolves at run time (paths beside the source files, the contracts'
// TypeScript) must still be found from dist/.
const dataDir = await serverDataDir('cab-compiled-');
let server: RunningServer | undefined;
afterAll(() => {
  if (server && server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('builds, serves from the bundle with its migrations, seeds and static files, and stops on SIGTERM', { timeout: 120_000 }, async () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
  expect(fs.existsSync(path.join(serverDir, 'dist/main.js'))).toBe(true);
  expect(fs.existsSync(path.join(serverDir, 'dist/cab.js'))).toBe(true);

  const url = await freshDatabaseUrl();
  server = await startServerProcess({ CAB_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) }, { compiled: true });
  const sent = await signedFetch(server.base, 'POST', AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 });
  expect(sent.status).toBe(200);
  // The code went into the database the bundle migrated; a static cover is served.
  const covers = fs.readdirSync(path.join(serverDir, 'static/covers'));
  expect((await fetch(`${server.base}/static/covers/${covers[0]}`)).status).toBe(200);

  server.proc.kill('SIGTERM');
  expect(await waitForExit(server.proc)).toBe(0);
});
