import { ACCOUNTING_PATHS, BOOK_PATHS, ErrorCode, MEMBER_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, startTestApp, uploadImage, type TestApp } from '../../../test/harness.ts';
import { expectRefused, roleIdOf } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const memberRows = (bookId: string) =>
  t.db.selectFrom('book_users').select(['user_id', 'role_id']).where('book_id', '=', bookId).orderBy('user_id').execute();

describe('member lists and details', () => {
  it('lists the users of the book with their roles, virtual members, and details by permission', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const keeper = await buildUser(t);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const users = (await t.client.get(MEMBER_PATHS.bookUsers, inBook(keeper.token, book.id))).json().data;
    expect(users.joined_number).toBe(2);
    expect(
      users.bookkeepers.map((m: { user_id: string; role: { role_code: string }; is_owner: boolean; is_me: boolean }) => [
        m.user_id,
        m.role.role_code,
        m.is_owner,
        m.is_me,
      ]),
    ).toEqual([
      [owner.userid, 'owner', true, false],
      [keeper.userid, 'bookkeeper', false, true],
    ]);
    // The family template's members that stand for nobody are the virtual members.
    const dims = await bookDimensions(t, owner.token, book.id);
    expect(users.member_list.length).toBe(dims.members.length - 1);

    const basic = await t.client.get(bookPath(MEMBER_PATHS.memberBasic, { id: owner.userid }), inBook(keeper.token, book.id));
    expect(basic.json().data).toMatchObject({ user_id: owner.userid, role: { role_name: '创建者' } });
    expectRefused(
      await t.client.get(bookPath(MEMBER_PATHS.memberDetail, { id: owner.userid }), inBook(keeper.token, book.id)),
      403,
      ErrorCode.FORBIDDEN,
    );
    const detail = await t.client.get(bookPath(MEMBER_PATHS.memberDetail, { id: keeper.userid }), inBook(owner.token, book.id));
    expect(detail.json().data).toMatchObject({
      user_id: keeper.userid,
      record_count: 0,
      last_recorded_at: null,
      phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
    });
    expectRefused(
      await t.client.get(bookPath(MEMBER_PATHS.memberBasic, { id: '123456' }), inBook(owner.token, book.id)),
      404,
      ErrorCode.MEMBER_NOT_FOUND,
    );
    const admins = (await t.client.get(MEMBER_PATHS.admins, inBook(keeper.token, book.id))).json().data;
    expect(admins.map((m: { user_id: string }) => m.user_id)).toEqual([owner.userid]);
  });
});

describe('changing roles', () => {
  it('lets the holder of 03000105 change roles, never their own, the owner, or beyond their own permissions', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const [admin, keeper, other] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    await addToBook(t, book.id, admin.userid, 'admin');
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    await addToBook(t, book.id, other.userid, 'viewer');
    const a = inBook(admin.token, book.id);
    const before = await memberRows(book.id);
    expectRefused(
      await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: admin.userid }), { role_id: await roleIdOf(t, book.id, 'viewer') }, a),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
    expectRefused(
      await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: owner.userid }), { role_id: await roleIdOf(t, book.id, 'viewer') }, a),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
    expectRefused(
      await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: keeper.userid }), { role_id: await roleIdOf(t, book.id, 'owner') }, a),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: keeper.userid }), { role_id: '99999' }, a),
      404,
      ErrorCode.ROLE_NOT_FOUND,
    );
    expectRefused(
      await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: '99999' }), { role_id: await roleIdOf(t, book.id, 'viewer') }, a),
      404,
      ErrorCode.MEMBER_NOT_FOUND,
    );
    expectRefused(
      await t.client.patch(
        bookPath(MEMBER_PATHS.memberRole, { id: other.userid }),
        { role_id: await roleIdOf(t, book.id, 'admin') },
        inBook(keeper.token, book.id),
      ),
      403,
      ErrorCode.FORBIDDEN,
    );
    expect(await memberRows(book.id)).toEqual(before);
    const changed = await t.client.patch(
      bookPath(MEMBER_PATHS.memberRole, { id: keeper.userid }),
      { role_id: await roleIdOf(t, book.id, 'viewer') },
      a,
    );
    expect(changed.json().data).toMatchObject({ user_id: keeper.userid, role: { role_code: 'viewer' } });
    // A viewer now: recording is refused at once.
    const dims = await bookDimensions(t, owner.token, book.id);
    const expense = {
      business_type: 'Expense',
      account: { id: dims.accounts[0]!.id },
      category: { id: dims.expense[0]!.subs[0] },
      amount: '1.00',
      transaction_time: t.clock.now(),
    };
    expectRefused(await t.client.post(ACCOUNTING_PATHS.expense, expense, inBook(keeper.token, book.id)), 403, ErrorCode.FORBIDDEN);
    expect(await t.db.selectFrom('transactions').select('id').where('book_id', '=', book.id).execute()).toEqual([]);
  });
});

describe('removing a member', () => {
  it('ends their access at once, images included, keeps their records with them as recorder, and never removes the owner', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const keeper = await buildUser(t);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const k = inBook(keeper.token, book.id);
    const o = inBook(owner.token, book.id);
    const dims = await bookDimensions(t, keeper.token, book.id);
    const image = (await uploadImage(t, keeper.token, book.id)).json().data as { id: string; url: string };
    const rec = await t.client.post(
      ACCOUNTING_PATHS.expense,
      {
        business_type: 'Expense',
        account: { id: dims.accounts[0]!.id },
        category: { id: dims.expense[0]!.subs[0] },
        amount: '8.00',
        transaction_time: t.clock.now(),
        images: [image.id],
      },
      k,
    );
    expect(rec.statusCode).toBe(201);
    const img = await t.app.inject({ method: 'GET', url: image.url, headers: { authorization: `Bearer ${keeper.token}` } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { authorization: `Bearer ${keeper.token}`, 'if-none-match': String(img.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const before = await memberRows(book.id);
    expectRefused(
      await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: owner.userid }), undefined, o),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
    expectRefused(
      await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: keeper.userid }), undefined, k),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectRefused(await t.client.post(BOOK_PATHS.quit, { id: book.id }, { token: owner.token }), 422, ErrorCode.OWNER_CANNOT_QUIT);
    expect(await memberRows(book.id)).toEqual(before);

    expect((await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: keeper.userid }), undefined, o)).statusCode).toBe(204);
    expectRefused(await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: rec.json().data.id }), k), 404, ErrorCode.BOOK_NOT_FOUND);
    const gone = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { authorization: `Bearer ${keeper.token}`, 'if-none-match': String(img.headers.etag) },
    });
    expect(gone.statusCode).toBe(404);
    expect((await t.client.get(BOOK_PATHS.cloudList, { token: keeper.token })).json().cloud_book_list).toEqual([]);
    const kept = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: rec.json().data.id }), o);
    expect(kept.json().data.recorder).toEqual({ id: keeper.userid, nickname: keeper.nickName });
    expectRefused(
      await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: keeper.userid }), undefined, o),
      404,
      ErrorCode.MEMBER_NOT_FOUND,
    );

    // The activity log tells the owner who did what.
    const log = await t.client.get(`${MEMBER_PATHS.activities}?page_size=2`, o);
    expect(log.json().data).toMatchObject([
      {
        action: 'remove',
        entity: 'member',
        entity_id: keeper.userid,
        user: { user_id: owner.userid },
        before: { nickname: keeper.nickName },
      },
      { action: 'create', entity: 'transaction', user: { user_id: keeper.userid } },
    ]);
    expect(log.json().paging.has_more).toBe(true);
    const next = await t.client.get(`${MEMBER_PATHS.activities}?page_size=100&cursor=${log.json().paging.next_cursor}`, o);
    expect(next.json().data.at(-1)).toMatchObject({ action: 'create', entity: 'book' });
    expectRefused(await t.client.get(`${MEMBER_PATHS.activities}?page_size=500`, o), 400, ErrorCode.VALIDATION);
  });
});
