import { ACCOUNTING_PATHS, BUDGET_PATHS, ErrorCode, moneyToMinor, PRIVATE_MOVE_PRICE, ZONE_LINK_PATHS, ZONE_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, paddedPng, uploadImage } from '../../../test/harness.ts';
import { fillLargeBook } from '../../../test/large-book.ts';
import { expectRefused } from '../../../test/members.ts';
import { bookPath } from '@cab/contracts';
import {
  giveShells,
  linkCall,
  migrationOf,
  privateZone,
  registerZone,
  startPublicZone,
  until,
  zoneChecksums,
  type PrivateZoneServer,
  type PublicZone,
} from '../../../test/zones.ts';

/**
 * Issue 29's acceptance (docs/zones.md): a book of 10,000 records, 50 images, three
 * members and a budget moves to a private zone (a real server process with its own
 * database), which is killed mid-copy and started again; both sides compare table by
 * table and file by file; members record there through the public zone; the book moves
 * back and compares again; a cancel mid-copy leaves the source as it was.
 */
let p: PublicZone;
let zone: PrivateZoneServer;
const RECORDS = 10_000;
const IMAGES = 50;

beforeAll(async () => {
  p = await startPublicZone();
}, 60_000);
afterAll(async () => {
  if (process.env.CAB_TEST_SERVER_LOG) console.log(zone?.server?.output().slice(-6000));
  await zone?.close();
  await p?.t.built.zones.mover.halt();
  await p?.t.close();
}, 60_000);

const moveTo = (token: string, bookId: string, zoneId: string) =>
  p.t.client.post(ZONE_PATHS.publicToPrivateV2, { book_id: bookId, zone_id: zoneId }, { token });

/** Every table of the book, counted and checksummed, without the pointer's tables' noise: the whole comparison. */
const here = (bookId: string) => p.t.built.zones.checksums(bookId);

describe('moving a book to a private zone and back', () => {
  it(
    'moves every row and file, survives the zone killed mid-copy, then serves the book there, moves back, and a cancel changes nothing',
    { timeout: 600_000 },
    async () => {
      const owner = await buildUser(p.t);
      const book = await buildBook(p.t, owner.token, 'family', '小店账本');
      const [m1, m2] = [await buildUser(p.t), await buildUser(p.t)];
      await addToBook(p.t, book.id, m1.userid, 'bookkeeper');
      await addToBook(p.t, book.id, m2.userid, 'admin');
      await fillLargeBook(p.t.db, { bookId: book.id, userId: owner.userid, count: RECORDS, years: 2 });
      for (let i = 0; i < IMAGES; i++) expect((await uploadImage(p.t, owner.token, book.id, paddedPng(1 + (i % 7)))).statusCode).toBe(201);
      const budget = await p.t.client.post(
        bookPath(BUDGET_PATHS.add, { type: 'Book', id: book.id, budget_type: 'Expense', recurrence_type: 'Month' }),
        { budget_amount: '3000.00' },
        inBook(owner.token, book.id),
      );
      expect(budget.statusCode, budget.body).toBeLessThan(300);
      const before = await here(book.id);
      expect(before.transactions!.count).toBeGreaterThanOrEqual(RECORDS);
      expect(before['#images']!.count).toBe(IMAGES);
      expect(before.book_users!.count).toBe(3);
      expect(before.book_budgets!.count).toBe(1);

      const reg = await registerZone(p, owner.token);
      zone = await privateZone(reg, p.base);
      console.log(`zones: public on ${process.env.CAB_TEST_DB ? 'PostgreSQL' : 'PGlite'}, private zone on ${zone.kind}`);

      // Not the owner: refused, nothing starts.
      expectRefused(await moveTo(m1.token, book.id, zone.id), 403, ErrorCode.FORBIDDEN);

      const started = await moveTo(owner.token, book.id, zone.id);
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json().data).toMatchObject({ migration_type: 'public-to-private', status: 'copying', free_trial: true });
      // A second move of the same book at once: refused.
      expectRefused(await moveTo(owner.token, book.id, zone.id), 409, ErrorCode.MIGRATION_EXISTS);
      // While it moves the book is read-only.
      const d = await bookDimensions(p.t, owner.token, book.id);
      const record = (token: string, remark: string) =>
        p.t.client.post(
          ACCOUNTING_PATHS.expense,
          { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0] ?? d.expense[0]!.id }, amount: '8.80', remark },
          inBook(token, book.id),
        );
      expectRefused(await record(owner.token, '搬家中'), 409, ErrorCode.BOOK_MOVING);
      expect((await p.t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: '1' }), inBook(owner.token, book.id))).statusCode).not.toBe(409);

      // Killed mid-copy, then started again: the move goes on from its last chunk.
      await until(
        'a third of the rows copied',
        () => migrationOf(p, owner.token, book.id, 'public-to-private'),
        (m) => (m?.rows_copied ?? 0) > 3000,
      );
      await zone.kill();
      const stalled = await until(
        'the zone missed',
        () => migrationOf(p, owner.token, book.id, 'public-to-private'),
        (m) => m?.error !== null,
      );
      expect(stalled!.status).toBe('copying');
      await zone.start();
      const done = await until(
        'the move done',
        () => migrationOf(p, owner.token, book.id, 'public-to-private'),
        (m) => m?.status === 'done',
        300_000,
      );
      expect(done).toMatchObject({ rows_total: done!.rows_copied, images_copied: IMAGES, images_total: IMAGES, error: null });

      // Table by table and file by file, the zone holds what the public zone held.
      const there = await zoneChecksums(zone, book.id);
      expect(there).toEqual(before);
      // Here only the pointer is left: the book's row, its roles and members; not a record, not a file.
      const left = await p.t.db.selectFrom('transactions').select('id').where('book_id', '=', book.id).limit(1).execute();
      expect(left).toEqual([]);
      expect(await p.t.db.selectFrom('book_users').select('user_id').where('book_id', '=', book.id).execute()).toHaveLength(3);

      // Members record there through the same app (the public zone forwards), and read it back.
      const recorded = await record(m1.token, '在私有云上记的');
      expect(recorded.statusCode, recorded.body).toBe(201);
      const read = await p.t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: recorded.json().data.id }), inBook(m2.token, book.id));
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data).toMatchObject({ remark: '在私有云上记的' });
      // A photo too: the upload streams through to the zone, and the file comes back as it went.
      const photo = paddedPng(3);
      const up = await uploadImage(p.t, m1.token, book.id, photo);
      expect(up.statusCode, up.body).toBe(201);
      const img = up.json().data as { id: string; url: string };
      expect(BigInt(img.id)).toBeGreaterThanOrEqual(BigInt(zone.id) * 2n ** 40n);
      const got = await p.t.app.inject({ method: 'GET', url: img.url, headers: { authorization: `Bearer ${m2.token}` } });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(photo)).toBe(true);
      // Made in the zone, its id is in the zone's range (docs/zones.md, "Ids").
      expect(BigInt(recorded.json().data.id)).toBeGreaterThanOrEqual(BigInt(zone.id) * 2n ** 40n);
      // An outsider learns nothing there either.
      const outsider = await buildUser(p.t);
      expect(
        (await p.t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: recorded.json().data.id }), inBook(outsider.token, book.id))).statusCode,
      ).toBe(404);

      // The zone stops: the book is off-line (0xF115) until it answers again; the off-line page's retry asks.
      const sync = () => p.t.client.post(ZONE_PATHS.zoneSync, { book_id: book.id }, { token: m2.token });
      expect((await sync()).json().data).toEqual({ book_id: book.id, zone_state: 'remote', online: true });
      await zone.kill();
      const offline = await p.t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: recorded.json().data.id }), inBook(m2.token, book.id));
      expectRefused(offline, 409, ErrorCode.BOOK_OFFLINE);
      expectRefused(await sync(), 409, ErrorCode.BOOK_OFFLINE);
      await zone.start();
      expect((await sync()).json().data).toMatchObject({ online: true });
      expect(
        (await p.t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: recorded.json().data.id }), inBook(m2.token, book.id))).statusCode,
      ).toBe(200);

      // Back to the public zone: the zone sends it, and both sides compare again.
      const beforeBack = await zoneChecksums(zone, book.id);
      const back = await p.t.client.post(ZONE_PATHS.privateToPublic, undefined, inBook(owner.token, book.id));
      expect(back.statusCode, back.body).toBe(201);
      const backDone = await until(
        'moved back',
        () => migrationOf(p, owner.token, book.id, 'private-to-public'),
        (m) => m?.status === 'done',
        300_000,
      );
      expect(backDone!.error).toBeNull();
      expect(await here(book.id)).toEqual(beforeBack);
      expect((await record(m2.token, '回到公有云')).statusCode).toBe(201);
      // The zone keeps nothing of it.
      expect((await linkCall(zone, ZONE_LINK_PATHS.checksums, { book_id: book.id })).status).toBe(403);

      // A cancel mid-copy: the source is as it was, writable, and the zone's partial copy is gone.
      // The second move is not the free first order: it costs its price, given back by the cancel.
      const beforeCancel = await here(book.id);
      expectRefused(await moveTo(owner.token, book.id, zone.id), 422, ErrorCode.INSUFFICIENT_BALANCE);
      await giveShells(p, owner.userid, 10_000n);
      const paid = await moveTo(owner.token, book.id, zone.id);
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().data).toMatchObject({ free_trial: false, price: PRIVATE_MOVE_PRICE });
      expect(await p.t.built.commerce.ledger.walletBalance(owner.userid)).toBe(10_000n - moneyToMinor(PRIVATE_MOVE_PRICE));
      await until(
        'some rows copied',
        () => migrationOf(p, owner.token, book.id, 'public-to-private'),
        (m) => (m?.rows_copied ?? 0) > 0,
      );
      const cancel = await p.t.client.patch(
        bookPath(ZONE_PATHS.migrationCancel, { book_id: book.id, migration_type: 'public-to-private' }),
        undefined,
        { token: owner.token },
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json().data.status).toBe('cancelled');
      await p.t.built.zones.mover.idle();
      expect(await here(book.id)).toEqual(beforeCancel);
      expect(await p.t.built.commerce.ledger.walletBalance(owner.userid)).toBe(10_000n);
      // The zone kept nothing of the cancelled copy.
      const none = await linkCall(zone, ZONE_LINK_PATHS.checksums, { book_id: book.id });
      expect(none.status).toBe(403);
      expect((await record(owner.token, '取消之后')).statusCode).toBe(201);
    },
  );
});
