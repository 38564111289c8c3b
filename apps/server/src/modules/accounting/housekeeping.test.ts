import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNTING_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('housekeeping', () => {
  it('removes uploads no transaction took within a day, with their files, and keeps the ones in use', async () => {
    const user = await buildUser(t);
    const book = await buildBook(t, user.token, 'daily');
    const d = await bookDimensions(t, user.token, book.id);
    const upload = async () => {
      const boundary = 'x-cab';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNTING_PATHS.upload,
        payload,
        headers: {
          ...t.client.signHeaders('POST', ACCOUNTING_PATHS.upload, ''),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${user.token}`,
          'trading-entity': book.id,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as string;
    };
    const [kept, dropped] = [await upload(), await upload()];
    await t.client.post(
      ACCOUNTING_PATHS.expense,
      { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0] }, amount: '1.00', images: [kept] },
      inBook(user.token, book.id),
    );
    const keyOf = async (id: string) =>
      (await t.db.selectFrom('book_images').select('storage_key').where('id', '=', id).executeTakeFirst())?.storage_key;
    const droppedFile = path.join(`${t.filesDir}-private`, (await keyOf(dropped))!);
    expect(fs.existsSync(droppedFile)).toBe(true);

    expect((await t.built.housekeeping()).images).toBe(0);
    t.clock.advance(25 * 3_600_000);
    expect((await t.built.housekeeping()).images).toBe(1);
    expect(await keyOf(dropped)).toBeUndefined();
    expect(fs.existsSync(droppedFile)).toBe(false);
    expect(await keyOf(kept)).toBeDefined();
  });
});
