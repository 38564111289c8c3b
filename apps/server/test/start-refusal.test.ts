/**
 * The server process refuses to start in production without a way to send verification
 * codes, in one line saying why, before it opens the database (issue 25, class 6).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('exits 1 in production without CAB_SMS_PROVIDER, saying what to set, and touches no data', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-refusal-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', CAB_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
  delete env.CAB_SMS_PROVIDER;
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'CAB cannot start: SMS settings: NODE_ENV=production needs a way to send verification codes: set CAB_SMS_PROVIDER to aliyun, tencent or http (docs/sms.md)',
    ]);
    expect(run.stdout).toBe('');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
