import { ACCOUNTING_PATHS, AUTH_PATHS, BOOK_PATHS, ErrorCode, FEEDBACK_PATHS, FORUM_PATHS, MARKET_PATHS, bookPath } from '@cab/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Free text (remarks, posts, comments, reviews, feedback) under the rule of
 * docs/decisions.md, "Text that looks empty": a text of characters that draw nothing is
 * empty; the direction embeddings and overrides are refused; the isolates, which free
 * text needs to mix right-to-left writing with numbers, are kept.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.advance(60 * 60_000 + 1));

const BLANK = '\u200b \u2060\n\ufeff\u3000\u200d';
const OVERRIDE = 'ok \u202egnp.exe';
const ISOLATED = 'مرحبا \u2067عربي 123\u2069 end';

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: expect.any(String) });
}

describe('free text', () => {
  it('a remark that looks empty is stored empty; an override is refused; isolates are kept', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const o = inBook(u.token, book.id);
    const d = await bookDimensions(t, u.token, book.id);
    const record = (remark: string) =>
      t.client.post(
        ACCOUNTING_PATHS.expense,
        { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.id }, amount: '1', remark },
        o,
      );

    const blank = await record(BLANK);
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().data.remark).toBe('');
    const isolated = await record(ISOLATED);
    expect(isolated.json().data.remark).toBe(ISOLATED);

    const count = async () => (await t.db.selectFrom('transactions').select('id').where('book_id', '=', book.id).execute()).length;
    const before = await count();
    expectRefused(await record(OVERRIDE));
    const message = (await record('\u202dabc')).json().message;
    expect(message).toBe('备注不能包含文字方向控制字符');
    expect(await count()).toBe(before);

    const renamed = await t.client.patch(
      bookPath(BOOK_PATHS.update, { bookId: book.id }),
      { remark: BLANK.replace('\n', '') },
      { token: u.token },
    );
    expect(renamed.json().data.remark).toBe('');
  });

  it('a post or a comment that looks empty is refused, as is an override; isolates are kept as written', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const o = inBook(u.token, book.id);
    const post = (message: string) => t.client.post(FORUM_PATHS.thread, { subject: '问题', message, tags: [] }, o);
    const list = async () => JSON.stringify((await t.client.get(`${FORUM_PATHS.threads}?tab=top`, o)).json().data);
    const before = await list();
    expectRefused(await post(BLANK));
    expectRefused(await post(OVERRIDE));
    expect(await list()).toBe(before);

    const made = await post(ISOLATED);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.message).toBe(ISOLATED);
    const tid: string = made.json().data.tid;
    const comments = async () => (await t.client.get(`${FORUM_PATHS.comments}?tid=${tid}&pid=0`, o)).json().data.length;
    expectRefused(await t.client.post(FORUM_PATHS.reply, { tid, message: BLANK }, o));
    expectRefused(await t.client.post(FORUM_PATHS.reply, { tid, message: OVERRIDE }, o));
    expect(await comments()).toBe(0);
  });

  it('a password is not text: one of invisible and direction characters, as set, signs in', async () => {
    const u = await buildUser(t);
    const password = '\u200b\u202e\u2066\u200b\u2060\u200d';
    expect((await t.client.put(AUTH_PATHS.setPassword, { password }, { token: u.token })).statusCode).toBe(204);
    const login = await t.client.post(AUTH_PATHS.login, { type: 'password', username: u.phone, password });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('feedback and a template review that look empty are refused, keeping nothing', async () => {
    const u = await buildUser(t);
    const feedback = async () => (await t.db.selectFrom('feedback').select('id').where('user_id', '=', u.userid).execute()).length;
    expectRefused(await t.client.post(FEEDBACK_PATHS.submit, { content: BLANK }, { token: u.token }));
    expect(await feedback()).toBe(0);

    const review = (content: string) => t.client.post(MARKET_PATHS.templateReview, { template_id: '1007', content }, { token: u.token });
    expectRefused(await review(BLANK));
    expectRefused(await review(OVERRIDE));
    const mine = await t.db.selectFrom('template_reviews').select('id').where('user_id', '=', u.userid).execute();
    expect(mine).toEqual([]);
  });
});
