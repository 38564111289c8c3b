import { CONTENT_PATHS, ErrorCode, bookPath, type ContentSummary } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { LocalFileStorage } from '../../platform/storage-local.ts';
import { ContentPublisher, type ContentSource } from './publish.ts';

let t: TestApp;
let publisher: ContentPublisher;
beforeAll(async () => {
  t = await startTestApp();
  publisher = new ContentPublisher(t.db, new LocalFileStorage(t.filesDir), t.clock);
  await publisher.repo.saveTags([{ code: 't-test', name: '测试', name_en: 'Test', sort_order: 99, default_selected: false }]);
});
afterAll(() => t.close());

/** The seeded contents, the latest first (db/seed/contents, in file order, the last the newest). */
const SEEDED = [
  'family-month-video',
  'latte-factor-budget',
  'month-end-check',
  'shop-owner-books',
  'renovation-budget',
  'newlyweds-first-book',
  'family-together',
];

const noFiles = async (ref: string): Promise<Buffer> => {
  throw new Error(`no file ${ref} in these tests`);
};
/** Publishes a test content (tag t-test) a second after the last, so it comes first. */
async function publish(src: Partial<ContentSource> & { code: string }): Promise<string> {
  t.clock.advance(1000);
  const base: ContentSource = {
    type: 'article',
    title: src.code,
    summary: '',
    author: '',
    tags: ['t-test'],
    cover: undefined,
    video: undefined,
    widthHeight: undefined,
    template: undefined,
    durationSeconds: undefined,
    published: true,
    body: '',
    english: { title: '', summary: '', author: '', body: '' },
    ...src,
  };
  return (await publisher.publish(base, noFiles)).id;
}

const list = (body: unknown, token?: string) => t.client.post(CONTENT_PATHS.contents, body, { token });
const detail = (id: string, token?: string) => t.client.get(bookPath(CONTENT_PATHS.content, { id }), { token });
const collect = (contentId: string, status: string, token?: string) =>
  t.client.post(bookPath(CONTENT_PATHS.contentCollect, { contentId, status }), undefined, { token });
const favourites = (query: string, token?: string) =>
  t.client.get(query ? `${CONTENT_PATHS.favouriteContents}?${query}` : CONTENT_PATHS.favouriteContents, { token });
const search = (query: string, token?: string, url: string = CONTENT_PATHS.marketSearch) => t.client.get(`${url}?${query}`, { token });
const idOf = async (code: string) => (await publisher.repo.byCode(code))!.id;
const codes = async (items: ContentSummary[]) => {
  const all = await publisher.repo.list();
  return items.map((i) => all.find((c) => c.id === i.id)!.code);
};

describe('the contents list', () => {
  it('shows the seeded contents to everyone, the latest first, paged in the database', async () => {
    const first = await list({ page_size: 3 });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.paging).toEqual({ has_more: true, page: 1, total: SEEDED.length });
    expect(await codes(page.data)).toEqual(SEEDED.slice(0, 3));
    const [video, article] = page.data as ContentSummary[];
    expect(video).toMatchObject({ type: '1', width_height: '16:9', width: 16, height: 9, collected: false, isCustomContent: false });
    expect(video!.contentId).toBe(video!.id);
    expect(video!.tags).toEqual([
      { tag_code: 'family', name: '家庭', name_en: 'Family' },
      { tag_code: 'budget', name: '预算', name_en: 'Budget' },
    ]);
    expect(article).toMatchObject({ type: '0', content_category: '0', width_height: '3:2', width: 3, height: 2, collect_count: 0 });
    expect(article!.cover_url).toMatch(/^\/files\/content\/[0-9a-f]{32}\.webp$/);
    expect(video!.published_at).toBeGreaterThan(article!.published_at);

    const last = (await list({ page: 3, page_size: 3 })).json();
    expect(await codes(last.data)).toEqual(SEEDED.slice(6));
    expect(last.paging).toEqual({ has_more: false, page: 3, total: SEEDED.length });
    expect((await list({ page: 4, page_size: 3 })).json().data).toEqual([]);
    expect((await list({})).json().data).toHaveLength(Math.min(10, SEEDED.length));
  });

  it('filters by a tag, and refuses an unknown tag and bad pages', async () => {
    const renovation = (await list({ tag_code: 'renovation' })).json();
    expect(await codes(renovation.data)).toEqual(['renovation-budget']);
    expect(renovation.paging.total).toBe(1);
    expectRefused(await list({ tag_code: 'nope' }), 404, ErrorCode.TAG_NOT_FOUND);
    expectRefused(await list({ tag_code: 'Not a code!' }), 400, ErrorCode.VALIDATION);
    expectRefused(await list({ page_size: 0 }), 400, ErrorCode.VALIDATION);
    expectRefused(await list({ page_size: 51 }), 400, ErrorCode.VALIDATION);
    expectRefused(await list({ page: 0 }), 400, ErrorCode.VALIDATION);
    expectRefused(await list({ page: 'x' }), 400, ErrorCode.VALIDATION);
  });
});

describe('one content', () => {
  it('answers its body, and the template that opens a book for content_category 1', async () => {
    const res = await detail(await idOf('renovation-budget'));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ title: '装修预算怎么记才不超支', content_category: '1', collected: false });
    expect(c.duration_seconds).toBe(0);
    expect(c.contentDetail).toMatchObject({ video_url: '', trading_entity: '1005' });
    expect(c.contentDetail.template).toMatchObject({ id: '1005', name: '装修账本', collected: false });
    expect(c.contentDetail.body_html).toContain('<h2>按阶段拆预算</h2>');
    expect(c.contentDetail.body_html).not.toMatch(/<script|<h1/);
    const plain = (await detail(await idOf('family-together'))).json().data.contentDetail;
    expect(plain).toMatchObject({ trading_entity: '', template: null });
    expect(plain.body_html).toContain('<ol>');
  });

  it('answers a video with its file, which the server serves', async () => {
    const v = (await detail(await idOf('family-month-video'))).json().data;
    expect(v.duration_seconds).toBe(6);
    expect(v.contentDetail).toMatchObject({ trading_entity: '', template: null });
    expect(v.contentDetail.video_url).toMatch(/^\/files\/content\/[0-9a-f]{32}\.webm$/);
    const file = await t.app.inject({ method: 'GET', url: v.contentDetail.video_url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect((await t.app.inject({ method: 'GET', url: v.cover_url })).statusCode).toBe(200);
  });

  it('refuses bad ids, unknown ones, drafts and withdrawn contents', async () => {
    expectRefused(await detail('x'), 400, ErrorCode.VALIDATION);
    expectRefused(await detail('0'), 400, ErrorCode.VALIDATION);
    expectRefused(await detail('999999'), 404, ErrorCode.CONTENT_NOT_FOUND);
    expectRefused(await detail('9999999999999999999'), 400, ErrorCode.VALIDATION);
    const draft = await publish({ code: 't-draft', published: false });
    expectRefused(await detail(draft), 404, ErrorCode.CONTENT_NOT_FOUND);
    const gone = await publish({ code: 't-gone' });
    expect((await detail(gone)).statusCode).toBe(200);
    await publisher.withdraw('t-gone');
    const refused = await detail(gone);
    expectRefused(refused, 404, ErrorCode.CONTENT_NOT_FOUND);
    expect(refused.json().message).toBe('内容不存在或已下架');
    expect((await list({ tag_code: 't-test' })).json().data).toEqual([]);
  });
});

describe('favourite contents', () => {
  it('need a login: logged out, keeping and the list are refused and nothing changes', async () => {
    const id = await idOf('month-end-check');
    expectRefused(await collect(id, '1'), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await favourites(''), 401, ErrorCode.UNAUTHORIZED);
    expect((await detail(id)).json().data.collect_count).toBe(0);
  });

  it('count exactly: keeping twice counts once, letting go twice uncounts once', async () => {
    const id = await idOf('latte-factor-budget');
    const [a, b] = [await buildUser(t), await buildUser(t)];
    expect((await collect(id, '1', a.token)).json()).toEqual({ data: { content_id: id, collected: true, collect_count: 1 } });
    expect((await collect(id, '1', a.token)).json().data.collect_count).toBe(1);
    expect((await collect(id, '1', b.token)).json().data.collect_count).toBe(2);
    expect((await collect(id, '0', a.token)).json()).toEqual({ data: { content_id: id, collected: false, collect_count: 1 } });
    expect((await collect(id, '0', a.token)).json().data.collect_count).toBe(1);
    expect((await detail(id, b.token)).json().data).toMatchObject({ collected: true, collect_count: 1 });
    expect((await detail(id, a.token)).json().data.collected).toBe(false);
    const shown = (await list({ page_size: 50 }, b.token)).json().data as ContentSummary[];
    expect(shown.filter((c) => c.collected).map((c) => c.id)).toEqual([id]);
  });

  it('refuse unknown contents and bad marks, keeping nothing', async () => {
    const u = await buildUser(t);
    expectRefused(await collect('999999', '1', u.token), 404, ErrorCode.CONTENT_NOT_FOUND);
    expectRefused(await collect('9999999999999999999', '1', u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await collect(await idOf('family-together'), '2', u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await collect('x', '1', u.token), 400, ErrorCode.VALIDATION);
    expect((await favourites('', u.token)).json()).toEqual({ data: [], paging: { has_more: false, page: 1, total: 0 } });
    expect((await detail(await idOf('family-together'))).json().data.collect_count).toBe(0);
  });

  it('list the latest kept first, a page at a time; a withdrawn content leaves the list', async () => {
    const u = await buildUser(t);
    const kept = [await publish({ code: 't-keep-1' }), await publish({ code: 't-keep-2' }), await publish({ code: 't-keep-3' })];
    for (const id of kept) {
      t.clock.advance(1000);
      expect((await collect(id, '1', u.token)).statusCode).toBe(200);
    }
    const first = (await favourites('page_size=2', u.token)).json();
    expect(first.data.map((c: { id: string }) => c.id)).toEqual([kept[2], kept[1]]);
    expect(first.paging).toEqual({ has_more: true, page: 1, total: 3 });
    expect(first.data[0]).toMatchObject({ collected: true, collect_count: 1 });
    expect(first.data[0].collected_at).toBeGreaterThan(first.data[1].collected_at);
    const second = (await favourites('page=2&page_size=2', u.token)).json();
    expect(second.data.map((c: { id: string }) => c.id)).toEqual([kept[0]]);
    expect(second.paging).toEqual({ has_more: false, page: 2, total: 3 });

    await publisher.withdraw('t-keep-3');
    expectRefused(await detail(kept[2]!, u.token), 404, ErrorCode.CONTENT_NOT_FOUND);
    expectRefused(await collect(kept[2]!, '0', u.token), 404, ErrorCode.CONTENT_NOT_FOUND);
    const after = (await favourites('', u.token)).json();
    expect(after.data.map((c: { id: string }) => c.id)).toEqual([kept[1], kept[0]]);
    expect(after.paging.total).toBe(2);

    expectRefused(await favourites('page_size=0', u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await favourites('page_size=51', u.token), 400, ErrorCode.VALIDATION);
  });
});

describe('the market search', () => {
  type Found = { templates: Array<{ id: string }>; contents: ContentSummary[] };
  const found = async (query: string, url?: string): Promise<Found> => {
    const res = await search(query, undefined, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('finds a seeded article by a Chinese word of its body, and templates by name', async () => {
    const both = await found(`key_word=${encodeURIComponent('不可预见费')}`);
    expect(await codes(both.contents)).toEqual(['renovation-budget']);
    expect(both.templates).toEqual([]);
    const renovation = await found(`key_word=${encodeURIComponent('装修')}&type=1`);
    expect(renovation.templates.map((x) => x.id)).toEqual(['1005']);
    expect(renovation.contents).toEqual([]);
    const onlyContents = await found(`key_word=${encodeURIComponent('装修')}&type=2`);
    expect(onlyContents.templates).toEqual([]);
    expect(await codes(onlyContents.contents)).toEqual(['renovation-budget']);
    // The global search page's path answers the same.
    expect(await found(`key_word=${encodeURIComponent('装修')}`, CONTENT_PATHS.configMarketSearch)).toEqual(
      await found(`key_word=${encodeURIComponent('装修')}`),
    );
  });

  it('is case-insensitive for Latin letters, in templates and contents', async () => {
    const id = await publish({ code: 't-latin', title: 'Latte Money', body: 'A **LATTE** a day.' });
    for (const word of ['latte', 'LATTE', 'lAtTe money'])
      expect((await found(`key_word=${encodeURIComponent(word)}`)).contents[0]?.id).toBe(id);
    expect((await found('key_word=WEDDING&type=1')).templates.map((x) => x.id)).toEqual(['1007']);
    expect((await found('key_word=renovation%20BOOK&type=1')).templates.map((x) => x.id)).toEqual(['1005']);
  });

  it('matches % and _ literally', async () => {
    const percent = await publish({ code: 't-percent', body: 'fifty%off' });
    await publish({ code: 't-no-percent', body: 'fiftyXoff' });
    const underscore = await publish({ code: 't-underscore', body: 'snake_case' });
    await publish({ code: 't-no-underscore', body: 'snakeXcase' });
    expect((await found(`key_word=${encodeURIComponent('y%o')}&type=2`)).contents.map((c) => c.id)).toEqual([percent]);
    expect((await found('key_word=e_c&type=2')).contents.map((c) => c.id)).toEqual([underscore]);
    expect((await found(`key_word=${encodeURIComponent('%')}&type=2`)).contents.map((c) => c.id)).toEqual([percent]);
  });

  it('leaves out withdrawn contents and drafts, and refuses bad key words and types', async () => {
    await publish({ code: 't-hidden', body: 'zebracorn' });
    await publish({ code: 't-draft-2', body: 'zebracorn', published: false });
    await publisher.withdraw('t-hidden');
    expect((await found('key_word=zebracorn')).contents).toEqual([]);
    expectRefused(await search('key_word='), 400, ErrorCode.VALIDATION);
    expectRefused(await search('key_word=%20%20'), 400, ErrorCode.VALIDATION);
    expectRefused(await search(`key_word=${'a'.repeat(51)}`), 400, ErrorCode.VALIDATION);
    expectRefused(await search('key_word=a&type=4'), 400, ErrorCode.VALIDATION);
    expectRefused(await search('type=1'), 400, ErrorCode.VALIDATION);
    expect((await search(`key_word=${'a'.repeat(50)}`)).statusCode).toBe(200);
  });

  it('marks what the caller keeps', async () => {
    const u = await buildUser(t);
    const id = await idOf('shop-owner-books');
    await collect(id, '1', u.token);
    const res = (await search(`key_word=${encodeURIComponent('收支')}`, u.token)).json().data as Found;
    expect(res.contents.find((c) => c.id === id)?.collected).toBe(true);
  });
});

describe('contents in two languages', () => {
  const en = { locale: 'en' };
  const HAN = /[\u3400-\u9fff]/;

  it('answer every seeded article and the video in English to an English reader, in Chinese to a Chinese one', async () => {
    // Other tests here publish Chinese-only contents of their own: the seed is what is checked.
    const all = (await t.client.post(CONTENT_PATHS.contents, { page_size: 50 }, en)).json().data as ContentSummary[];
    const seeded = new Set(await Promise.all(SEEDED.map(idOf)));
    const english = all.filter((c) => seeded.has(c.id));
    expect(await codes(english)).toEqual(SEEDED);
    for (const c of english) {
      expect(`${c.title} ${c.summary} ${c.author}`, c.title).not.toMatch(HAN);
      const body = (await t.client.get(bookPath(CONTENT_PATHS.content, { id: c.id }), en)).json().data.contentDetail.body_html as string;
      expect(body, c.title).not.toMatch(HAN);
      expect(body.length).toBeGreaterThan(100);
    }
    const chinese = (await t.client.post(CONTENT_PATHS.contents, { page_size: 50 }, { locale: 'zh-CN' })).json().data as ContentSummary[];
    for (const c of chinese.filter((x) => seeded.has(x.id))) expect(c.title, c.title).toMatch(HAN);
    // With no Device locale, Accept-Language decides.
    const accepted = await t.client.post(CONTENT_PATHS.contents, { tag_code: 'renovation' }, { acceptLanguage: 'en-GB,en;q=0.9' });
    expect(accepted.json().data[0].title).toBe('Keeping a renovation within budget');
  });

  it('answer the English of a content where it has one, the Chinese where it has none, in lists, one content, favourites and search', async () => {
    const user = await buildUser(t);
    const both = await publish({
      code: 't-both',
      title: '两种语言',
      summary: '中文摘要',
      author: '作者',
      body: '中文正文',
      english: { title: 'Both languages', summary: 'An English summary', author: 'Writer', body: 'English *body* zebracorn' },
    });
    const only = await publish({ code: 't-only-zh', title: '只有中文', body: '只有中文的正文' });
    const kept = await collect(both, '1', user.token);
    expect(kept.statusCode, kept.body).toBe(200);

    const first = (await t.client.post(CONTENT_PATHS.contents, { tag_code: 't-test', page_size: 2 }, en)).json().data as ContentSummary[];
    expect(first.map((c) => [c.title, c.summary, c.author])).toEqual([
      ['只有中文', '', ''],
      ['Both languages', 'An English summary', 'Writer'],
    ]);
    const one = (await t.client.get(bookPath(CONTENT_PATHS.content, { id: both }), en)).json().data;
    expect(one.contentDetail.body_html).toBe('<p>English <em>body</em> zebracorn</p>');
    const zh = (await t.client.get(bookPath(CONTENT_PATHS.content, { id: both }), { locale: 'zh-CN' })).json().data;
    expect([zh.title, zh.summary, zh.author, zh.contentDetail.body_html]).toEqual(['两种语言', '中文摘要', '作者', '<p>中文正文</p>']);
    expect((await t.client.get(bookPath(CONTENT_PATHS.content, { id: only }), en)).json().data.contentDetail.body_html).toBe(
      '<p>只有中文的正文</p>',
    );

    const favs = await t.client.get(CONTENT_PATHS.favouriteContents, { token: user.token, locale: 'en' });
    expect(favs.json().data.map((c: ContentSummary) => c.title)).toEqual(['Both languages']);
    // Either language's words find it; the answer is in the reader's language.
    const byEnglish = (await search('key_word=zebracorn&type=2', undefined)).json().data.contents as ContentSummary[];
    expect(byEnglish.map((c) => c.title)).toEqual(['两种语言']);
    const byChinese = await t.client.get(`${CONTENT_PATHS.marketSearch}?key_word=${encodeURIComponent('中文正文')}&type=2`, en);
    expect(byChinese.json().data.contents.map((c: ContentSummary) => c.title)).toEqual(['Both languages']);
  });
});
