import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../server');

/** The operator's command (`npm run cab -- ...`) on a journey server's database (PostgreSQL: it runs beside the server). */
export function cab(databaseUrl: string, dataDir: string, ...argv: string[]): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, CAB_DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(r.status, `${argv.join(' ')}: ${r.stdout}${r.stderr}`).toBe(0);
  return r.stdout;
}
