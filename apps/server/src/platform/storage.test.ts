/**
 * The storage contract (docs/storage.md), one suite run against both adapters: the local
 * directories and an S3-compatible bucket on a server the test starts (s3rver).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { parseS3Settings } from '../storage-config.ts';
import { buffer as readAll } from 'node:stream/consumers';
import type { FileStorage, ListedFile, StorageArea } from './storage.ts';
import { LocalFileStorage } from './storage-local.ts';
import { S3FileStorage } from './storage-s3.ts';

const BUCKET = 'cab-contract';
let s3: S3TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const s3Storage = (bucket = BUCKET) => new S3FileStorage(parseS3Settings(s3.env(bucket))!);

const ADAPTERS: Array<{ name: string; make: () => FileStorage }> = [
  {
    name: 'LocalFileStorage',
    make: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-storage-'));
      dirs.push(dir);
      return new LocalFileStorage(path.join(dir, 'files'), path.join(dir, 'private'));
    },
  },
  { name: 'S3FileStorage', make: () => s3Storage() },
];

const bytes = (text: string) => Buffer.from(text);
const streamOf = (...chunks: string[]) => Readable.from(chunks.map(bytes));
const text = async (s: FileStorage, area: StorageArea, p: string) => {
  const file = await s.open(area, p);
  return file && (await readAll(file.stream)).toString();
};
async function listed(s: FileStorage, area: StorageArea): Promise<ListedFile[]> {
  const out: ListedFile[] = [];
  for await (const f of s.list(area)) out.push(f);
  return out;
}

describe.each(ADAPTERS)('the storage contract: $name', ({ make }) => {
  let s: FileStorage;
  beforeAll(async () => {
    s = make();
    await s.check();
  });
  afterAll(() => s.close());

  it('puts a public file under a new name each time and opens it by its path, with its size and version', async () => {
    const url = await s.put('avatars', 'png', bytes('png bytes'));
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.png$/);
    expect(await s.put('avatars', 'png', bytes('png bytes'))).not.toBe(url);
    const p = url.slice('/files/'.length);
    const file = await s.open('public', p);
    expect(file).toMatchObject({ size: 9, range: undefined });
    expect(file!.etag).toMatch(/^(W\/)?".+"$/);
    expect(file!.modified.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect((await readAll(file!.stream)).toString()).toBe('png bytes');
    // The public area is not the private one.
    expect(await s.readPrivate(p)).toBeUndefined();
  });

  it('opens a range of bytes, the last bytes, and the whole file for a range past its end', async () => {
    const p = (await s.put('content', 'webm', bytes('0123456789'))).slice('/files/'.length);
    const piece = await s.open('public', p, { first: 2, last: 4 });
    expect(piece).toMatchObject({ size: 10, range: { first: 2, last: 4 } });
    expect((await readAll(piece!.stream)).toString()).toBe('234');
    const open = await s.open('public', p, { first: 7 });
    expect((await readAll(open!.stream)).toString()).toBe('789');
    const tail = await s.open('public', p, { suffix: 3 });
    expect(tail).toMatchObject({ range: { first: 7, last: 9 } });
    expect((await readAll(tail!.stream)).toString()).toBe('789');
    const past = await s.open('public', p, { first: 50 });
    expect(past).toMatchObject({ size: 10, range: undefined });
    expect((await readAll(past!.stream)).toString()).toBe('0123456789');
  });

  it('keeps private files under keys of their folder, reads, streams and removes them', async () => {
    const key = await s.putPrivate('Book-12', 'jpg', bytes('jpeg'));
    expect(key).toMatch(/^book-12\/[0-9a-f]{32}\.jpg$/);
    expect((await s.readPrivate(key))?.toString()).toBe('jpeg');
    expect((await readAll((await s.openPrivate(key))!)).toString()).toBe('jpeg');
    // Never under /files/: the public area does not hold it.
    expect(await s.open('public', key)).toBeUndefined();
    await s.removePrivate(key);
    expect(await s.readPrivate(key)).toBeUndefined();
    expect(await s.openPrivate(key)).toBeUndefined();
    await s.removePrivate(key); // gone already: no error
  });

  it('streams into private storage up to the limit, and keeps nothing of a stream past it', async () => {
    const before = await listed(s, 'private');
    const kept = await s.putPrivateStream('imports', 'csv', streamOf('a,b\n', '1,2\n'), 8);
    expect(kept).toMatchObject({ key: expect.stringMatching(/^imports\/[0-9a-f]{32}\.csv$/), size: 8 });
    expect((await s.readPrivate(kept!.key))?.toString()).toBe('a,b\n1,2\n');
    const source = streamOf('a,b\n', '1,2\n', '3,4\n');
    expect(await s.putPrivateStream('imports', 'csv', source, 8)).toBeUndefined();
    // Read to its end all the same: an upload's request is drained.
    expect(source.readableEnded).toBe(true);
    const after = (await listed(s, 'private')).map((f) => f.path);
    expect(after.sort()).toEqual([...before.map((f) => f.path), kept!.key].sort());
  });

  it("writes under a key another server gave, and refuses a key that is not one of storage's", async () => {
    const key = `book-7/${'ab'.repeat(16)}.png`;
    expect(await s.writePrivate(key, bytes('moved'))).toBe(true);
    expect((await s.readPrivate(key))?.toString()).toBe('moved');
    for (const bad of ['../../etc/passwd', 'book-7/../../x.png', '/book-7/a.png', 'book-7/short.png', 'BOOK/' + 'ab'.repeat(16) + '.png']) {
      expect(await s.writePrivate(bad, bytes('x')), bad).toBe(false);
      expect(await s.readPrivate(bad), bad).toBeUndefined();
      expect(await s.openPrivate(bad), bad).toBeUndefined();
      await s.removePrivate(bad);
    }
    expect((await s.readPrivate(key))?.toString()).toBe('moved');
  });

  it('answers nothing for a path outside storage, a file never stored, and refuses to write one', async () => {
    for (const bad of ['../files/x.png', 'a/../../b', '.hidden/x.png', 'a/.x', '', '/abs.png', 'a\\b.png']) {
      expect(await s.open('public', bad), bad).toBeUndefined();
      await expect(s.write('private', bad, streamOf('x')), bad).rejects.toThrow('not a path inside storage');
      await s.remove('public', bad);
    }
    expect(await s.open('public', `avatars/${'0'.repeat(32)}.png`)).toBeUndefined();
    expect(await s.readPrivate(`book-1/${'0'.repeat(32)}.png`)).toBeUndefined();
    await expect(s.put('avatars', 'p/ng', bytes('x'))).rejects.toThrow('not an extension');
    await expect(s.put('../', 'png', bytes('x'))).rejects.toThrow('not a folder');
    await expect(s.putPrivate('', 'png', bytes('x'))).rejects.toThrow('not a folder');
  });

  it('lists every file of an area by path with its size, writes one whole under a path, and removes it', async () => {
    await s.write('public', 'content/restored.webp', streamOf('re', 'stored'));
    expect(await text(s, 'public', 'content/restored.webp')).toBe('restored');
    const files = await listed(s, 'public');
    expect(files).toContainEqual({ path: 'content/restored.webp', size: 8 });
    expect(files.every((f) => /^(avatars|content)\/[^/]+$/.test(f.path))).toBe(true);
    expect(files.map((f) => f.path)).toEqual([...files.map((f) => f.path)].sort());
    await s.remove('public', 'content/restored.webp');
    expect(await s.open('public', 'content/restored.webp')).toBeUndefined();
    expect((await listed(s, 'public')).map((f) => f.path)).not.toContain('content/restored.webp');
  });
});

describe('S3FileStorage', () => {
  it('keeps public files under public/ and private ones under private/ of the bucket', async () => {
    const s = s3Storage();
    expect(s.where('public')).toMatch(/^s3:\/\/cab-contract\/public\/ at http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.where('private')).toContain('s3://cab-contract/private/');
    expect(s.localRoot).toBeUndefined();
    s.close();
  });

  it('says at the check why a bucket cannot be used', async () => {
    const s = s3Storage('cab-missing');
    await expect(s.check()).rejects.toThrow(
      /the S3 bucket cab-missing at http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no such bucket/,
    );
    s.close();
  });
});
