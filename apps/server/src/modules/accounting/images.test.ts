import { ACCOUNTING_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startTestApp,
  type BookDimensions,
  type TestApp,
  TINY_PNG,
  uploadImage,
} from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'daily')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(() => t.close());

const PNG = TINY_PNG;
const upload = (bytes: Buffer, asToken = token, book = bookId, filename?: string) => uploadImage(t, asToken, book, bytes, filename);
const fetchImage = (url: string, asToken?: string) =>
  t.app.inject({ method: 'GET', url, headers: asToken ? { authorization: `Bearer ${asToken}` } : {} });

describe('transaction images', () => {
  it('uploads into the book, attaches to a transaction and serves only to members', async () => {
    const up = await upload(PNG);
    expect(up.statusCode, up.body).toBe(201);
    const img = up.json().data;
    expect(img).toMatchObject({ id: expect.any(String), url: `/cab-accounting-ws/v2/image/${bookId}/${img.id}`, size: PNG.length });
    const up2 = await upload(PNG);
    const res = await t.client.post(
      ACCOUNTING_PATHS.expense,
      {
        account: { id: d.accounts[0]!.id },
        category: { id: d.expense[0]!.subs[0] },
        amount: '3.00',
        images: [img.url, up2.json().data.id],
      },
      inBook(token, bookId),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.images.map((i: { id: string }) => i.id)).toEqual([img.id, up2.json().data.id]);

    const mine = await fetchImage(img.url, token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect(String(mine.headers['cache-control'])).toContain('private');

    expect((await fetchImage(img.url)).statusCode).toBe(401);
    const stranger = await buildUser(t);
    expect((await fetchImage(img.url, stranger.token)).statusCode).toBe(404);
    const viewer = await buildUser(t);
    await addToBook(t, bookId, viewer.userid, 'viewer');
    expect((await fetchImage(img.url, viewer.token)).statusCode).toBe(200);
    // Never from a public path.
    const key = await t.db.selectFrom('book_images').select('storage_key').where('id', '=', img.id).executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/files/${key.storage_key}` })).statusCode).toBe(404);

    // An image already taken by one transaction cannot be taken by another.
    const again = await t.client.post(
      ACCOUNTING_PATHS.expense,
      { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0] }, amount: '3.00', images: [img.id] },
      inBook(token, bookId),
    );
    expect(again.statusCode).toBe(422);
  });

  it('refuses a file that is not an image, one over 5120 KB, and uploads from outsiders and viewers', async () => {
    const text = await upload(Buffer.from('hello, not an image'), token, bookId, 'a.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const large = await upload(big);
    expect(large.statusCode).toBe(413);
    const stranger = await buildUser(t);
    expect((await upload(PNG, stranger.token)).statusCode).toBe(404);
    const viewer = await buildUser(t);
    await addToBook(t, bookId, viewer.userid, 'viewer');
    expect((await upload(PNG, viewer.token)).statusCode).toBe(403);
  });

  it('reports capacity and refuses uploads once the space is full, with the capacity tip', async () => {
    const info = await t.client.get(ACCOUNTING_PATHS.capacity, inBook(token, bookId));
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ unit: 'MB', total: '100.00', pic_upload_permit: 'permit', tips_title: '' });
    // Fill the space with one large (recorded) upload.
    const user = await t.db.selectFrom('book_images').select('uploader_id').where('book_id', '=', bookId).executeTakeFirstOrThrow();
    await t.db
      .insertInto('book_images')
      .values({
        book_id: bookId,
        storage_key: 'x/0.png',
        content_type: 'image/png',
        size_bytes: 100 * 1024 * 1024,
        uploader_id: user.uploader_id,
      })
      .execute();
    const full = await t.client.get(ACCOUNTING_PATHS.capacity, inBook(token, bookId));
    expect(full.json().data).toMatchObject({ pic_upload_permit: 'not_permit', tips_title: '不允许上传图片' });
    const refused = await upload(PNG);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(ErrorCode.CAPACITY_EXCEEDED);
    expect(refused.json().message).toContain('云空间已用完');
  });
});
