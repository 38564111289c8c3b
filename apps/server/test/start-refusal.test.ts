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

it('exits 1 with a partial S3 setting or a bucket that does not answer, saying which, and touches no data', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-refusal-'));
  const start = (s3: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, NODE_ENV: 'test', CAB_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ...s3 },
      encoding: 'utf8',
    });
  try {
    const partial = start({ CAB_S3_ENDPOINT: 'http://127.0.0.1:9', CAB_S3_ACCESS_KEY_ID: 'k', CAB_S3_SECRET_ACCESS_KEY: 's' });
    expect(partial.status).toBe(1);
    expect(partial.stderr).toContain(
      'CAB cannot start: CAB_S3_BUCKET must be set with CAB_S3_ENDPOINT, CAB_S3_ACCESS_KEY_ID, CAB_S3_SECRET_ACCESS_KEY',
    );
    // Port 9 (discard) answers nobody here: the bucket cannot be reached.
    const unreachable = start({
      CAB_S3_ENDPOINT: 'http://127.0.0.1:9',
      CAB_S3_BUCKET: 'cab',
      CAB_S3_ACCESS_KEY_ID: 'k',
      CAB_S3_SECRET_ACCESS_KEY: 's',
    });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toMatch(/^CAB cannot start: the S3 bucket cab at http:\/\/127\.0\.0\.1:9 cannot be used: .+$/m);
    expect(unreachable.stdout).toBe('');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
