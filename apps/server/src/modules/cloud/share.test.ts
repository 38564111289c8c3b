import { ACCOUNTING_PATHS, CLOUD_PATHS, ErrorCode, Permission, PERMISSION_CODES, type ShareApply } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildRole, buildUser, inBook, paddedPng, uploadImage } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { buySpace, startPayingApp, type PayingApp } from '../../../test/payments.ts';

// Each book has 1 MB of its own here (CAB_FREE_SPACE_MB), so that a few uploads fill it.
let p: PayingApp;
beforeAll(async () => {
  p = await startPayingApp({ CAB_FREE_SPACE_MB: '1' });
}, 60_000);
afterAll(() => p.close());

type User = Awaited<ReturnType<typeof buildUser>>;
const get = (path: string, token: string, bookId: string) => p.t.client.get(path, inBook(token, bookId));
const data = async (path: string, token: string, bookId: string) => (await get(path, token, bookId)).json().data;
const apply = (token: string, bookId: string, mainBookId: string) =>
  p.t.client.put(CLOUD_PATHS.applyMainBook, { main_book_id: mainBookId }, inBook(token, bookId));
const decide = (verb: 'agree' | 'reject', token: string, mainBookId: string, id: string) =>
  p.t.client.post((verb === 'agree' ? CLOUD_PATHS.shareAgree : CLOUD_PATHS.shareReject).replace(':id', id), {}, inBook(token, mainBookId));
const untie = (token: string, bookId: string, body: object = {}) => p.t.client.post(CLOUD_PATHS.untie, body, inBook(token, bookId));
const shares = () => p.t.db.selectFrom('book_space_shares').selectAll().orderBy('id').execute();
const messages = (u: User, kind: string) =>
  p.t.db.selectFrom('messages').select(['kind', 'link']).where('user_id', '=', u.userid).where('kind', '=', kind).execute();

/** A main book with 1 GB rented, owned by `owner`; a second book of `other` (a member of the main book) with 0.68 MB used. */
async function twoBooks() {
  const owner = await buildUser(p.t);
  const other = await buildUser(p.t);
  const main = await buildBook(p.t, owner.token, 'family', '家庭主账本');
  await buySpace(p, owner.token, main.id);
  await addToBook(p.t, main.id, other.userid, 'viewer');
  const second = await buildBook(p.t, other.token, 'family', '小店');
  const up = await uploadImage(p.t, other.token, second.id, paddedPng(700));
  expect(up.statusCode).toBe(201);
  return { owner, other, main, second, image: up.json().data.url as string };
}

describe('sharing a main book’s space', () => {
  it('a book applies, the main book’s owner agrees, the space is pooled; untying leaves each book its own and every image', async () => {
    const { owner, other, main, second, image } = await twoBooks();
    expect(await data(CLOUD_PATHS.shareState, other.token, second.id)).toEqual({
      state: 'alone',
      main_book: null,
      apply_id: null,
      sharing_count: 0,
    });
    // The book is full on its own.
    expectRefused(await uploadImage(p.t, other.token, second.id, paddedPng(700)), 422, ErrorCode.CAPACITY_EXCEEDED);
    const books = await data(CLOUD_PATHS.shareBooks, other.token, second.id);
    expect(books).toEqual({ sharing: [], applications: [], can_apply: [{ id: main.id, name: '家庭主账本', rented_mb: 1024 }] });

    const applied = await apply(other.token, second.id, main.id);
    expect(applied.statusCode, applied.body).toBe(200);
    const a = applied.json().data as ShareApply;
    expect(a).toMatchObject({ main_book: { id: main.id, name: '家庭主账本' }, book: { id: second.id, name: '小店' }, status: 'applied' });
    expect(await data(CLOUD_PATHS.shareState, other.token, second.id)).toMatchObject({ state: 'applied', apply_id: a.id });
    expect(await messages(owner, 'share.applied')).toEqual([
      { kind: 'share.applied', link: `cloud/pages/apply?bookId=${main.id}&applyId=${a.id}` },
    ]);
    const waiting = await data(CLOUD_PATHS.shareBooks, owner.token, main.id);
    expect(waiting.applications.map((x: ShareApply) => x.id)).toEqual([a.id]);
    expect(waiting.can_apply).toEqual([]);

    const agreed = await decide('agree', owner.token, main.id, a.id);
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().data).toMatchObject({ status: 'active' });
    expect(await messages(other, 'share.agreed')).toHaveLength(1);
    expect(await data(CLOUD_PATHS.shareState, other.token, second.id)).toMatchObject({ state: 'sharing', main_book: { id: main.id } });
    expect(await data(CLOUD_PATHS.shareState, owner.token, main.id)).toMatchObject({ state: 'main', sharing_count: 1 });

    // Pooled: each book's own 1 MB and the main book's 1 GB, used by both, counted once whichever asks.
    const pooled = await data(ACCOUNTING_PATHS.capacity, other.token, second.id);
    expect(pooled).toMatchObject({ total: '1026.00', used: '0.68', pic_upload_permit: 'permit' });
    expect(await data(ACCOUNTING_PATHS.capacity, owner.token, main.id)).toMatchObject({ total: '1026.00', used: '0.68' });
    const up = await uploadImage(p.t, other.token, second.id, paddedPng(700));
    expect(up.statusCode, up.body).toBe(201);
    const relation = await data(CLOUD_PATHS.shareRelation, owner.token, main.id);
    expect(relation).toEqual({
      main_book: { id: main.id, name: '家庭主账本' },
      books: [
        { id: main.id, name: '家庭主账本', main: true, used: '0.00' },
        { id: second.id, name: '小店', main: false, used: '1.37' },
      ],
      used: '1.37',
      total: '1026.00',
    });
    expect(await data(CLOUD_PATHS.shareRelation, other.token, second.id)).toEqual(relation);
    const inEffect = await data(CLOUD_PATHS.inEffect, other.token, second.id);
    expect(inEffect.map((g: { book_id: string }) => g.book_id)).toEqual([main.id]);

    // The main book's owner unties it: the second book is back on its own 1 MB, over it now, its images intact.
    const untied = await untie(owner.token, main.id, { book_id: second.id });
    expect(untied.statusCode, untied.body).toBe(200);
    expect(untied.json().data).toMatchObject({ status: 'untied' });
    expect(await messages(other, 'share.untied')).toHaveLength(1);
    expect(await data(ACCOUNTING_PATHS.capacity, other.token, second.id)).toMatchObject({
      total: '1.00',
      used: '1.37',
      pic_upload_permit: 'not_permit',
    });
    expectRefused(await uploadImage(p.t, other.token, second.id), 422, ErrorCode.CAPACITY_EXCEEDED);
    for (const url of [image, up.json().data.url as string])
      expect((await p.t.client.get(url, { token: other.token })).statusCode).toBe(200);
    expect(await data(ACCOUNTING_PATHS.capacity, owner.token, main.id)).toMatchObject({ total: '1025.00', used: '0.00' });
    expect(await data(CLOUD_PATHS.shareRelation, other.token, second.id)).toBeNull();
    expect(await data(CLOUD_PATHS.shareState, owner.token, main.id)).toMatchObject({ state: 'alone', sharing_count: 0 });
  });

  it('a rejected application, a withdrawn one and the sharing side untying its own', async () => {
    const { owner, other, main, second } = await twoBooks();
    const first = (await apply(other.token, second.id, main.id)).json().data as ShareApply;
    expect((await decide('reject', owner.token, main.id, first.id)).json().data).toMatchObject({ status: 'rejected' });
    expect(await messages(other, 'share.rejected')).toHaveLength(1);
    expect(await data(CLOUD_PATHS.shareState, other.token, second.id)).toMatchObject({ state: 'alone' });
    // Decided already: neither answer again.
    expectRefused(await decide('agree', owner.token, main.id, first.id), 404, ErrorCode.SHARE_NOT_FOUND);

    const again = (await apply(other.token, second.id, main.id)).json().data as ShareApply;
    expect((await untie(other.token, second.id)).json().data).toMatchObject({ id: again.id, status: 'untied' });
    expect(await data(CLOUD_PATHS.shareState, other.token, second.id)).toMatchObject({ state: 'alone' });

    const third = (await apply(other.token, second.id, main.id)).json().data as ShareApply;
    await decide('agree', owner.token, main.id, third.id);
    expect((await untie(other.token, second.id)).json().data).toMatchObject({ status: 'untied' });
    expect(await messages(owner, 'share.untied')).toHaveLength(1);
  });
});

describe('what sharing refuses', () => {
  it('applying twice, sharing with itself, another user’s book, a book without space, a main book sharing another; nothing changes', async () => {
    const { owner, other, main, second } = await twoBooks();
    const stranger = await buildUser(p.t);
    const theirs = await buildBook(p.t, stranger.token);
    await buySpace(p, stranger.token, theirs.id);
    const noSpace = await buildBook(p.t, owner.token);
    await addToBook(p.t, noSpace.id, other.userid, 'viewer');
    const before = await shares();

    expectRefused(await apply(other.token, second.id, second.id), 422, ErrorCode.SHARE_REFUSED);
    expectRefused(await apply(other.token, second.id, theirs.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await apply(other.token, second.id, '999999999999'), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await apply(other.token, second.id, noSpace.id), 422, ErrorCode.SHARE_REFUSED);
    expectRefused(
      await p.t.client.put(CLOUD_PATHS.applyMainBook, { main_book_id: 'abc' }, inBook(other.token, second.id)),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(await p.t.client.put(CLOUD_PATHS.applyMainBook, {}, inBook(other.token, second.id)), 400, ErrorCode.VALIDATION);
    expect(await shares()).toEqual(before);

    const a = (await apply(other.token, second.id, main.id)).json().data as ShareApply;
    const twice = await p.t.client.put(
      CLOUD_PATHS.applyMainBook,
      { main_book_id: main.id },
      { ...inBook(other.token, second.id), locale: 'zh-CN' },
    );
    expectRefused(twice, 409, ErrorCode.SHARE_EXISTS);
    expect(twice.json().message).toBe('这个账本已经申请或正在共享空间，请先处理原来的');
    // Deciding from a book the application is not to.
    expectRefused(await decide('agree', other.token, second.id, a.id), 404, ErrorCode.SHARE_NOT_FOUND);
    expectRefused(await decide('agree', owner.token, main.id, '999999999'), 404, ErrorCode.SHARE_NOT_FOUND);
    expectRefused(await decide('agree', owner.token, main.id, 'x'), 400, ErrorCode.VALIDATION);
    await decide('agree', owner.token, main.id, a.id);

    // A main book may not go and share another's space, nor may a book share a sharing one.
    const ownerOther = await buildBook(p.t, owner.token);
    await buySpace(p, owner.token, ownerOther.id);
    expectRefused(await apply(owner.token, main.id, ownerOther.id), 422, ErrorCode.SHARE_REFUSED);
    const third = await buildBook(p.t, other.token);
    expectRefused(await apply(other.token, third.id, second.id), 422, ErrorCode.SHARE_REFUSED);
    expect((await data(CLOUD_PATHS.shareBooks, other.token, third.id)).can_apply.map((b: { id: string }) => b.id)).toEqual([main.id]);

    // Untying what is not tied.
    const lone = await buildBook(p.t, other.token);
    const beforeUntie = await shares();
    expectRefused(await untie(other.token, lone.id), 404, ErrorCode.SHARE_NOT_FOUND);
    expectRefused(await untie(owner.token, main.id, { book_id: lone.id }), 404, ErrorCode.SHARE_NOT_FOUND);
    expectRefused(await untie(owner.token, main.id), 404, ErrorCode.SHARE_NOT_FOUND);
    expectRefused(await untie(stranger.token, theirs.id, { book_id: second.id }), 404, ErrorCode.SHARE_NOT_FOUND);
    expectRefused(await untie(owner.token, main.id, { book_id: '0' }), 400, ErrorCode.VALIDATION);
    expect(await shares()).toEqual(beforeUntie);
  });

  it('applying, deciding and untying take permission 13 in the book acting; looking takes membership', async () => {
    const { owner, other, main, second } = await twoBooks();
    const admin = await buildUser(p.t);
    await addToBook(p.t, main.id, admin.userid, 'admin');
    await addToBook(p.t, second.id, admin.userid, 'admin');
    const lacking = await buildUser(p.t);
    await addToBook(p.t, second.id, lacking.userid, {
      roleId: await buildRole(
        p.t,
        second.id,
        PERMISSION_CODES.filter((c) => c !== Permission.SPACE_RENTAL),
      ),
    });
    const outsider = await buildUser(p.t);
    const before = await shares();

    expectRefused(await apply(admin.token, second.id, main.id), 403, ErrorCode.FORBIDDEN);
    expectRefused(await apply(lacking.token, second.id, main.id), 403, ErrorCode.FORBIDDEN);
    expectRefused(await apply(outsider.token, second.id, main.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expect(await shares()).toEqual(before);
    const a = (await apply(other.token, second.id, main.id)).json().data as ShareApply;
    const afterApply = await shares();
    expectRefused(await decide('agree', admin.token, main.id, a.id), 403, ErrorCode.FORBIDDEN);
    expectRefused(await decide('reject', admin.token, main.id, a.id), 403, ErrorCode.FORBIDDEN);
    expectRefused(await decide('agree', outsider.token, main.id, a.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expect(await shares()).toEqual(afterApply);
    await decide('agree', owner.token, main.id, a.id);
    const afterAgree = await shares();
    expectRefused(await untie(admin.token, second.id), 403, ErrorCode.FORBIDDEN);
    expectRefused(await untie(admin.token, main.id, { book_id: second.id }), 403, ErrorCode.FORBIDDEN);
    expect(await shares()).toEqual(afterAgree);
    for (const path of [CLOUD_PATHS.shareState, CLOUD_PATHS.shareBooks, CLOUD_PATHS.shareRelation]) {
      expect((await get(path, lacking.token, second.id)).statusCode, path).toBe(200);
      expectRefused(await get(path, outsider.token, second.id), 404, ErrorCode.BOOK_NOT_FOUND);
      expectRefused(await p.t.client.get(path), 401, ErrorCode.UNAUTHORIZED);
    }
  });
});
