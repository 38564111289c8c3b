import { BOOK_PATHS, ErrorCode, MARKET_PATHS, REVIEW_EDITS_PER_WINDOW, REVIEW_WINDOW_MS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WEDDING = '1007';
const collect = (id: string, x: string, token?: string) =>
  t.client.post(bookPath(MARKET_PATHS.templateCollect, { id, x }), undefined, { token });
const detail = async (id: string, token?: string) => (await t.client.get(bookPath(BOOK_PATHS.template, { id }), { token })).json().data;
const reviews = (query: string, token?: string) => t.client.get(`${MARKET_PATHS.templateReviews}?${query}`, { token });
const post = (template_id: string, content: unknown, token?: string) =>
  t.client.post(MARKET_PATHS.templateReview, { template_id, content }, { token });
type Review = { id: string; content: string; lastCommentTime: number; edited: boolean; mine: boolean; user: { nickname: string } };

describe('favourite templates', () => {
  it('need a login, as SPEC 5 says: logged out, keeping one and the list are refused', async () => {
    expectRefused(await collect(WEDDING, '1'), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await t.client.get(MARKET_PATHS.collectedTemplates), 401, ErrorCode.UNAUTHORIZED);
    expect((await detail(WEDDING)).collected).toBe(false);
  });

  it('are kept and let go, twice changing nothing, and shown in the lists to their keeper only', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    expect((await collect(WEDDING, '1', a.token)).json()).toEqual({ data: { template_id: WEDDING, collected: true } });
    t.clock.advance(1000);
    expect((await collect('1003', '1', a.token)).statusCode).toBe(200);
    expect((await collect('1003', '1', a.token)).statusCode).toBe(200);
    const kept = (await t.client.get(MARKET_PATHS.collectedTemplates, { token: a.token })).json().data;
    expect(kept.map((k: { id: string; collected: boolean }) => [k.id, k.collected])).toEqual([
      ['1003', true],
      [WEDDING, true],
    ]);
    expect(kept[0].collected_at).toBeGreaterThan(kept[1].collected_at);
    expect((await detail(WEDDING, a.token)).collected).toBe(true);
    expect((await detail(WEDDING, b.token)).collected).toBe(false);
    const life = (await t.client.get(bookPath(BOOK_PATHS.templatesByCategory, { category_code: 'life' }), { token: a.token })).json().data;
    expect(life.filter((x: { collected: boolean }) => x.collected).map((x: { id: string }) => x.id)).toEqual([WEDDING]);
    expect((await collect(WEDDING, '0', a.token)).json().data.collected).toBe(false);
    expect((await collect(WEDDING, '0', a.token)).statusCode).toBe(200);
    expect((await t.client.get(MARKET_PATHS.collectedTemplates, { token: a.token })).json().data.map((k: { id: string }) => k.id)).toEqual([
      '1003',
    ]);
    expect((await t.client.get(MARKET_PATHS.collectedTemplates, { token: b.token })).json().data).toEqual([]);
  });

  it('refuse an unknown template and a bad mark, keeping nothing', async () => {
    const u = await buildUser(t);
    expectRefused(await collect('42', '1', u.token), 404, ErrorCode.TEMPLATE_NOT_FOUND);
    expectRefused(await collect(WEDDING, '2', u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await collect('x', '1', u.token), 400, ErrorCode.VALIDATION);
    // Past bigint's range an id names nothing: refused as malformed before any SQL sees it.
    expectRefused(await collect('9223372036854775808', '1', u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(bookPath(BOOK_PATHS.template, { id: '9999999999999999999' })), 400, ErrorCode.VALIDATION);
    expect((await collect('9223372036854775807', '1', u.token)).statusCode).toBe(404);
    expect((await t.client.get(MARKET_PATHS.collectedTemplates, { token: u.token })).json().data).toEqual([]);
  });
});

describe('template reviews', () => {
  it('are read logged out, written logged in, the latest first, with the review count kept', async () => {
    const before = (await detail('1005')).review_count;
    expectRefused(await post('1005', '好用'), 401, ErrorCode.UNAUTHORIZED);
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const first = await post('1005', '装修记账很清楚', a.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      content: '装修记账很清楚',
      template_id: '1005',
      edited: false,
      mine: true,
      user: { user_id: a.userid },
    });
    t.clock.advance(1000);
    await post('1005', '分类很全', b.token);
    const page = (await reviews('templateId=1005&pageSize=10')).json();
    expect(page.data.map((r: Review) => r.content)).toEqual(['分类很全', '装修记账很清楚']);
    expect(page.data.every((r: Review) => !r.mine)).toBe(true);
    expect(page.paging.has_more).toBe(false);
    expect((await detail('1005')).review_count).toBe(before + 2);

    // Posting again edits the review: one review a user, brought to the top, counted once.
    t.clock.advance(1000);
    const edited = (await post('1005', '装修记账很清楚，预算也好用', a.token)).json().data;
    expect(edited).toMatchObject({ id: first.json().data.id, edited: true });
    const again = (await reviews('templateId=1005&pageSize=10', a.token)).json().data as Review[];
    expect(again.map((r) => [r.content, r.mine])).toEqual([
      ['装修记账很清楚，预算也好用', true],
      ['分类很全', false],
    ]);
    expect((await detail('1005')).review_count).toBe(before + 2);
  });

  it('keep HTML and script as given: the same text comes back', async () => {
    const u = await buildUser(t);
    const text = '<script>alert("x")</script><b>好</b> & <img src=x onerror=alert(1)>';
    expect((await post('1006', text, u.token)).json().data.content).toBe(text);
    expect((await reviews('templateId=1006&pageSize=1')).json().data[0].content).toBe(text);
  });

  it('page by lastCommentTime, a millisecond shared by two told apart by lastId', async () => {
    const users = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const [i, u] of users.entries()) {
      if (i !== 3) t.clock.advance(5); // the third and fourth share one millisecond, across a page boundary
      await post('1004', `第 ${i} 条`, u.token);
    }
    const seen: string[] = [];
    let query = 'templateId=1004&pageSize=2';
    for (let n = 0; n < 5; n++) {
      const page = (await reviews(query)).json();
      seen.push(...page.data.map((r: Review) => r.content));
      if (!page.paging.has_more) break;
      query = `templateId=1004&pageSize=2&lastCommentTime=${page.paging.last_comment_time}&lastId=${page.paging.last_id}`;
    }
    expect(seen).toEqual(['第 4 条', '第 3 条', '第 2 条', '第 1 条', '第 0 条']);
  });

  it('refuse empty, oversized and broken text, unknown templates and bad pages, changing nothing', async () => {
    const u = await buildUser(t);
    const count = (await detail('1002')).review_count;
    const empty = await post('1002', '   ', u.token);
    expectRefused(empty, 400, ErrorCode.VALIDATION);
    expect(empty.json().message).toMatch(/[\u4e00-\u9fff]/);
    expectRefused(await post('1002', '好'.repeat(10_000), u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await post('1002', 'a\u0000b', u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await post('1002', 42, u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await post('42', '好', u.token), 404, ErrorCode.TEMPLATE_NOT_FOUND);
    expectRefused(await reviews('templateId=42'), 404, ErrorCode.TEMPLATE_NOT_FOUND);
    expectRefused(await reviews('templateId=1002&pageSize=0'), 400, ErrorCode.VALIDATION);
    expectRefused(await reviews('templateId=1002&pageSize=51'), 400, ErrorCode.VALIDATION);
    expectRefused(await reviews('pageSize=5'), 400, ErrorCode.VALIDATION);
    expect((await detail('1002')).review_count).toBe(count);
    expect((await reviews('templateId=1002')).json().data).toEqual([]);
  });

  it('bound how often one user may post: editing is allowed, flooding is refused with 429', async () => {
    const u = await buildUser(t);
    for (let i = 0; i < REVIEW_EDITS_PER_WINDOW; i++) expect((await post('1001', `第 ${i} 次`, u.token)).statusCode).toBe(201);
    const refused = await post('1001', '再改一次', u.token);
    expectRefused(refused, 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(refused.json().message).toBe('评价改得太频繁了，请过几分钟再试');
    expect((await reviews('templateId=1001&pageSize=1')).json().data[0].content).toBe(`第 ${REVIEW_EDITS_PER_WINDOW - 1} 次`);
    t.clock.advance(REVIEW_WINDOW_MS + 1);
    expect((await post('1001', '过了一会儿再改', u.token)).statusCode).toBe(201);
  });
});
