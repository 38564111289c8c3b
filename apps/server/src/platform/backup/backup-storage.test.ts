/**
 * Backup and restore take the uploads through storage (docs/backup.md, docs/storage.md):
 * a backup of a server whose uploads are in one bucket restores them into another, file
 * for file; a restore refuses storage that holds files, and one that fails removes what
 * it wrote. (The whole round trip through the command is reliability/backup.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buildBook,
  buildUser,
  freshDatabase,
  paddedPng,
  startTestApp,
  uploadAvatar,
  uploadImage,
  type TestApp,
} from '../../../test/harness.ts';
import { startS3Server, type S3TestServer } from '../../../test/s3-server.ts';
import { parseS3Settings } from '../../storage-config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { buffer as readAll } from 'node:stream/consumers';
import type { FileStorage, StorageArea } from '../storage.ts';
import { S3FileStorage } from '../storage-s3.ts';
import { writeBackup } from './dump.ts';
import { checkBackup, restoreBackup, RestoreRefused } from './restore.ts';

const SOURCE = 'cab-backup-source';
const TARGETS = ['cab-backup-target', 'cab-backup-failing'];
let s3: S3TestServer;
let t: TestApp;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-backup-s3-'));
const file = path.join(work, 'backup.cab.gz');
const handles: DatabaseHandle[] = [];
const storages: FileStorage[] = [];

beforeAll(async () => {
  s3 = await startS3Server([SOURCE, ...TARGETS]);
  t = await startTestApp(s3.env(SOURCE));
});
afterAll(async () => {
  for (const s of storages) s.close();
  for (const h of handles) await h.close();
  await t?.close();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const bucket = (name: string) => {
  const s = new S3FileStorage(parseS3Settings(s3.env(name))!);
  storages.push(s);
  return s;
};
const emptyDatabase = async () => {
  const h = await freshDatabase({ own: true });
  handles.push(h);
  return h.db;
};

/** Every file of a storage, by area and path, with its bytes. */
async function contents(s: FileStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const area of ['public', 'private'] as StorageArea[]) {
    for await (const f of s.list(area)) out[`${area}/${f.path}`] = (await readAll((await s.open(area, f.path))!.stream)).toString('base64');
  }
  return out;
}

describe('backup and restore with the uploads in S3', () => {
  it('backs up the files of one bucket and restores them into another, byte for byte', { timeout: 60_000 }, async () => {
    const owner = await buildUser(t);
    expect((await uploadAvatar(t, owner.token)).statusCode).toBe(200);
    const book = await buildBook(t, owner.token, 'daily');
    expect((await uploadImage(t, owner.token, book.id, paddedPng(1500))).statusCode).toBe(201);
    const source = await contents(t.storage);
    expect(Object.keys(source).map((k) => k.split('/')[0])).toEqual(['public', 'private']);

    const written = await writeBackup(t.db, inject('pgTemplate') ? 'postgres' : 'pglite', t.storage, file);
    expect(written).toMatchObject({ files: 2, skipped: [] });

    const target = bucket(TARGETS[0]!);
    const restored = await restoreBackup(await emptyDatabase(), target, file, await checkBackup(file));
    expect(restored.files).toBe(2);
    expect(await contents(target)).toEqual(source);
  });

  it('refuses storage that holds files, and removes what a failed restore wrote', { timeout: 60_000 }, async () => {
    const full = bucket(TARGETS[0]!);
    const refused = await restoreBackup(await emptyDatabase(), full, file, await checkBackup(file)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(
      /^s3:\/\/cab-backup-target\/public\/ at \S+ and s3:\/\/cab-backup-target\/private\/ at \S+ already hold files/,
    );

    // The second file cannot be written: the first is removed again, and the database holds no data.
    const target = bucket(TARGETS[1]!);
    let writes = 0;
    const failing: FileStorage = Object.assign(Object.create(target) as FileStorage, {
      write: async (area: StorageArea, p: string, stream: Readable) => {
        if (++writes === 2) throw new Error('the bucket is full');
        return target.write(area, p, stream);
      },
    });
    const db = await emptyDatabase();
    await expect(restoreBackup(db, failing, file, await checkBackup(file))).rejects.toThrow('the bucket is full');
    expect(writes).toBe(2);
    expect(await contents(target)).toEqual({});
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
