import { ErrorCode, FEEDBACK_CONTENT_MAX, FEEDBACK_PATHS, FEEDBACK_PER_WINDOW, FEEDBACK_WINDOW_MS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, runCab, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const send = (body: unknown, token?: string, locale?: string) =>
  t.client.post(FEEDBACK_PATHS.submit, body, { token, ...(locale ? { locale } : {}) });
const stored = () => t.db.selectFrom('feedback').selectAll().orderBy('id').execute();
// A family: one grapheme of 8 UTF-16 units.
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';

describe('POST feedback', () => {
  it('keeps a logged-in user’s feedback, trimmed, with the contact when given', async () => {
    const u = await buildUser(t);
    const res = await send({ content: '  记账页面能不能加个计算器？\n谢谢  ', contact: ' wx: cab_fan ' }, u.token);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ feedback_id: expect.stringMatching(/^[1-9]\d*$/), created_at: t.clock.now() });
    const row = (await stored()).find((r) => r.id === data.feedback_id);
    expect(row).toMatchObject({ user_id: u.userid, content: '记账页面能不能加个计算器？\n谢谢', contact: 'wx: cab_fan' });
    const bare = await send({ content: '很好用' }, u.token);
    expect(bare.statusCode).toBe(201);
    expect((await stored()).find((r) => r.id === bare.json().data.feedback_id)?.contact).toBe('');
  });

  it('counts the length in graphemes: 500 emoji of 8 units each pass, 501 do not', async () => {
    const u = await buildUser(t);
    expect((await send({ content: FAMILY.repeat(FEEDBACK_CONTENT_MAX) }, u.token)).statusCode).toBe(201);
    const long = await send({ content: FAMILY.repeat(FEEDBACK_CONTENT_MAX + 1) }, u.token, 'zh-CN');
    expectRefused(long, 400, ErrorCode.VALIDATION);
    expect(long.json().message).toBe(`内容最多 ${FEEDBACK_CONTENT_MAX} 个字`);
    expect((await send({ content: 'a'.repeat(FEEDBACK_CONTENT_MAX + 1) }, u.token, 'en')).json().message).toBe(
      `Content must be at most ${FEEDBACK_CONTENT_MAX} characters`,
    );
    // One "grapheme" of many combining marks is bounded in code units too.
    expectRefused(await send({ content: `a${'\u0301'.repeat(9000)}` }, u.token), 400, ErrorCode.VALIDATION);
  });

  it('refuses bad input with {code, message} and keeps nothing', async () => {
    const u = await buildUser(t);
    const before = (await stored()).length;
    const bad: Array<[unknown, RegExp]> = [
      [{}, /内容不能为空/],
      [{ content: '' }, /内容不能为空/],
      [{ content: '   \n ' }, /内容不能为空/],
      [{ content: 42 }, /内容格式不正确/],
      [{ content: 'a\u0000b' }, /内容不能包含控制字符/],
      [{ content: 'ok', contact: 'x'.repeat(61) }, /联系方式最多 60 个字/],
      [{ content: 'ok', contact: 'a\nb' }, /联系方式不能包含控制字符/],
      [{ content: 'ok', contact: null }, /联系方式格式不正确/],
      [{ content: 'ok', user_id: '1' }, /user_id/],
      [[], /提交的内容/],
    ];
    for (const [body, says] of bad) {
      const res = await send(body, u.token, 'zh-CN');
      expectRefused(res, 400, ErrorCode.VALIDATION);
      expect(res.json().message, JSON.stringify(body)).toMatch(says);
    }
    expectRefused(
      await t.client.post(FEEDBACK_PATHS.submit, undefined, {
        token: u.token,
        raw: '{"content":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      ErrorCode.MALFORMED_JSON,
    );
    expect((await stored()).length).toBe(before);
  });

  it('refuses anonymous callers and bad tokens, keeping nothing', async () => {
    const before = (await stored()).length;
    expect((await send({ content: '匿名' })).statusCode).toBe(401);
    expect((await send({ content: '伪造' }, 'not-a-token')).statusCode).toBe(401);
    expect((await stored()).length).toBe(before);
  });

  it(`takes ${FEEDBACK_PER_WINDOW} an hour from one user, then 429 until the window passes; others are not held up`, async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) expect((await send({ content: `第 ${i} 条` }, u.token)).statusCode).toBe(201);
    const held = await send({ content: '再来一条' }, u.token, 'zh-CN');
    expectRefused(held, 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(held.json().message).toBe('反馈太频繁了，请稍后再试');
    expect((await send({ content: '别人的' }, other.token)).statusCode).toBe(201);
    t.clock.advance(FEEDBACK_WINDOW_MS + 1000);
    expect((await send({ content: '一小时后' }, u.token)).statusCode).toBe(201);
  });
});

describe('npm run cab -- feedback list', () => {
  it('prints the newest first as a table, with the sender’s phone, and takes --limit', async () => {
    const u = await buildUser(t);
    const { phone } = await t.db.selectFrom('users').select('phone').where('id', '=', u.userid).executeTakeFirstOrThrow();
    await send({ content: '第一条\n两行', contact: 'a@b.cn' }, u.token);
    await send({ content: '最新的一条' }, u.token);
    const all = await runCab(t, ['feedback', 'list']);
    expect(all.code).toBe(0);
    expect(all.out[0]).toMatch(/^id +sent +user +phone +contact +message$/);
    expect(all.out[1]).toMatch(new RegExp(`^\\d+ +\\S+Z +${u.userid} +${phone} +最新的一条$`));
    expect(all.out[2]).toMatch(new RegExp(`^\\d+ +\\S+Z +${u.userid} +${phone} +a@b\\.cn +第一条 两行$`));
    const one = await runCab(t, ['feedback', '--limit', '1']);
    expect(one.out).toHaveLength(2);
    expect(one.out[1]).toMatch(/ 最新的一条$/);
    expect((await runCab(t, ['feedback', 'list', '--limit=0'])).code).toBe(2);
    expect((await runCab(t, ['feedback', 'list', '--limit'])).err[0]).toBe('--limit needs a value');
    expect((await runCab(t, ['feedback', 'list', '--limit', 'x'])).err[0]).toMatch(/--limit must be a whole number from 1 to 10000/);
  });
});
