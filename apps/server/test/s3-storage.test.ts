/**
 * Uploads in an S3-compatible bucket (docs/storage.md), through the HTTP calls: avatars
 * served under /files/ by CAB streaming them from the bucket, transaction images kept
 * private and read only by the book's members, unused uploads removed from the bucket,
 * and a second instance on the same bucket serving what the first stored.
 */
import fs from 'node:fs';
import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_POLICY } from '../src/http/security-headers.ts';
import type { ListedFile, StorageArea } from '../src/platform/storage.ts';
import { buildBook, buildUser, paddedPng, startOtherInstance, startTestApp, uploadAvatar, uploadImage, type TestApp } from './harness.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

const BUCKET = 'cab-http';
let s3: S3TestServer;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  t = await startTestApp(s3.env(BUCKET));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
async function inBucket(area: StorageArea): Promise<string[]> {
  const out: ListedFile[] = [];
  for await (const f of t.storage.list(area)) out.push(f);
  return out.map((f) => f.path);
}

describe('public files in S3', () => {
  it('serves an uploaded avatar from the bucket with the caching and policy of the local files', async () => {
    const user = await buildUser(t);
    const png = paddedPng(3);
    const up = await uploadAvatar(t, user.token, png);
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().data.avatar_url;
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: user.token })).json().data.avatarUrl).toBe(url);
    // In the bucket, not on this machine.
    expect(await inBucket('public')).toContain(url.slice('/files/'.length));
    expect(t.storage.localRoot).toBeUndefined();
    expect(fs.existsSync(`${t.filesDir}/avatars`)).toBe(false);

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=86400',
      'content-security-policy': FILE_POLICY,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.rawPayload.length).toBe(0);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(url, { 'if-modified-since': String(res.headers['last-modified']) })).statusCode).toBe(304);

    const piece = await get(url, { range: 'bytes=8-15' });
    expect(piece.statusCode).toBe(206);
    expect(piece.headers['content-range']).toBe(`bytes 8-15/${png.length}`);
    expect(piece.rawPayload.equals(png.subarray(8, 16))).toBe(true);
    const tail = await get(url, { range: 'bytes=-4' });
    expect(tail.rawPayload.equals(png.subarray(png.length - 4))).toBe(true);
    // Another version than the client's piece: the whole file.
    const stale = await get(url, { range: 'bytes=0-3', 'if-range': '"another"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(png.length);
  });

  it('answers 404 {code, message} for a file that is not there, and never reaches outside the public area', async () => {
    const missing = await get(`/files/avatars/${'0'.repeat(32)}.png`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: ErrorCode.NOT_FOUND, message: expect.any(String) });
    for (const url of ['/files/', '/files/../private/x.png', '/files/%2e%2e/private/x.png', '/files/.hidden/x.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('serves from a second instance on the same bucket what the first stored', async () => {
    const user = await buildUser(t);
    const url: string = (await uploadAvatar(t, user.token)).json().data.avatar_url;
    const other = await startOtherInstance(t, {});
    try {
      const res = await other.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    } finally {
      await other.close();
    }
  });
});

describe('private images in S3', () => {
  it('keeps a transaction image under private/, streamed through CAB to members only', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'daily');
    const png = paddedPng(2);
    const up = await uploadImage(t, owner.token, book.id, png);
    expect(up.statusCode, up.body).toBe(201);
    const img = up.json().data;
    const key = (await t.db.selectFrom('book_images').select('storage_key').where('id', '=', img.id).executeTakeFirstOrThrow()).storage_key;
    expect(key).toMatch(new RegExp(`^book-${book.id}/[0-9a-f]{32}\\.png$`));
    expect(await inBucket('private')).toContain(key);
    expect(await inBucket('public')).not.toContain(key);
    expect(fs.existsSync(`${t.filesDir}-private`)).toBe(false);

    const read = (token?: string) => get(img.url, token ? { authorization: `Bearer ${token}` } : {});
    const mine = await read(owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(png)).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-cache');

    // Someone outside the book learns nothing: not the image, not that it exists.
    const stranger = await buildUser(t);
    const refused = await read(stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.rawPayload.equals(png)).toBe(false);
    expect((await read()).statusCode).toBe(401);
    // No public address leads to it.
    for (const url of [`/files/${key}`, `/files/private/${key}`, `/files/../private/${key}`])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('removes an upload no transaction took from the bucket at housekeeping', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'daily');
    const img = (await uploadImage(t, owner.token, book.id)).json().data;
    const key = (await t.db.selectFrom('book_images').select('storage_key').where('id', '=', img.id).executeTakeFirstOrThrow()).storage_key;
    expect(await t.storage.readPrivate(key)).toBeDefined();
    t.clock.advance(25 * 3_600_000);
    expect((await t.built.housekeeping()).images).toBeGreaterThanOrEqual(1);
    expect(await t.storage.readPrivate(key)).toBeUndefined();
    expect(await inBucket('private')).not.toContain(key);
  });
});
