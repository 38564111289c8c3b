import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG, startTestApp, type TestApp } from '../../../test/harness.ts';
import { LocalFileStorage } from '../../platform/storage-local.ts';
import { seedContents } from './content.seed.ts';
import { ContentPublisher, PublishError, fileAssets, parseContentFile } from './publish.ts';
import { plainText, sanitiseHtml } from './sanitise.ts';
import { readWebm } from './webm.ts';

let t: TestApp;
let publisher: ContentPublisher;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  publisher = new ContentPublisher(t.db, new LocalFileStorage(t.filesDir), t.clock);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-content-src-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const row = (code: string) => publisher.repo.byCode(code);
/** Every file the storage holds, as paths under /files. */
const storedFiles = () => fs.readdirSync(t.filesDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.[a-z]+$/.test(f));

describe('the allow-list', () => {
  it('takes out script, style, frames, event attributes and javascript: addresses', () => {
    const html = sanitiseHtml(
      '<p onclick="x()">hi<script>alert(1)</script></p><style>p{}</style><iframe src="https://evil.example"></iframe>' +
        '<img src="/files/content/a.png" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href=" JAVASCRIPT:alert(1)">worse</a>' +
        '<img src="https://elsewhere.example/x.png"><img src="data:image/png;base64,AAAA"><img src="/files/../etc/passwd">' +
        '<div style="color:red">text</div><svg onload="x()"><circle/></svg>',
    );
    expect(html).toBe('<p>hi</p><img src="/files/content/a.png" /><a>bad</a><a>worse</a>text');
  });

  it('keeps the allowed markup, links made safe to follow', () => {
    const html = sanitiseHtml(
      '<h1>T</h1><h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong> <em>e</em> <code>c</code><br></p><ul><li>1</li></ul><ol start="3"><li>2</li></ol>' +
        '<blockquote>q</blockquote><pre><code>x</code></pre><hr><a href="https://example.com/a?b=1" rel="opener" target="_self">l</a>' +
        '<img src="/static/covers/1.png" alt="cover"><table><thead><tr><th align="left">h</th></tr></thead><tbody><tr><td align="evil">d</td></tr></tbody></table>',
    );
    expect(html).toBe(
      '<h2>T</h2><h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong> <em>e</em> <code>c</code><br /></p><ul><li>1</li></ul><ol start="3"><li>2</li></ol>' +
        '<blockquote>q</blockquote><pre><code>x</code></pre><hr /><a href="https://example.com/a?b=1" rel="noopener nofollow" target="_blank">l</a>' +
        '<img src="/static/covers/1.png" alt="cover" /><table><thead><tr><th align="left">h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>',
    );
  });

  it('gives the words of a body, one block a line, for the keyword index', () => {
    expect(plainText('<h2>A &amp; B</h2><p>x &lt; y</p><ul><li>one</li><li>two</li></ul>')).toBe('A & B\nx < y\none\ntwo');
  });
});

describe('content files', () => {
  const file = (front: string, body = '正文') => `---\n${front}\n---\n${body}\n`;

  it('read the front matter and the body', () => {
    const src = parseContentFile(
      file('code: a-1\ntitle: "标题: 冒号"\ntags: family, budget,family\ntemplate: 1007\npublished: false', '# 你好'),
    );
    expect(src).toMatchObject({
      code: 'a-1',
      type: 'article',
      title: '标题: 冒号',
      tags: ['family', 'budget'],
      template: '1007',
      published: false,
      body: '# 你好',
    });
  });

  it('read the English beside the Chinese: front matter keys and the body after <!-- en -->', () => {
    const src = parseContentFile(
      file(
        'code: a-2\ntitle: 标题\ntitle_en: A title\nsummary_en: In short\nauthor_en: CAB',
        '# 你好\n\n正文\n<!-- en -->\n# Hello\n\nText',
      ),
    );
    expect(src.body).toBe('# 你好\n\n正文');
    expect(src.english).toEqual({ title: 'A title', summary: 'In short', author: 'CAB', body: '# Hello\n\nText' });
    expect(parseContentFile(file('code: a-3\ntitle: 标题')).english).toEqual({ title: '', summary: '', author: '', body: '' });
  });

  it('refuse what the operator got wrong, saying what', () => {
    const bad: Array<[string, RegExp]> = [
      ['title: x', /code is missing/],
      ['code: A b\ntitle: x', /code must be/],
      ['code: a\ntitle: x\ncolour: red', /unknown key "colour"/],
      ['code: a\ncode: b\ntitle: x', /given twice/],
      ['code: a', /title is missing/],
      ['code: a\ntitle: x\ntype: podcast', /type must be/],
      ['code: a\ntitle: x\ntype: video', /needs video/],
      ['code: a\ntitle: x\nvideo: v.webm', /an article has no video/],
      ['code: a\ntitle: x\nwidth_height: 16x9', /width_height/],
      ['code: a\ntitle: x\npublished: yes', /published must be/],
      ['code: a\ntitle: x\ntemplate: wedding', /template must be/],
      [`code: a\ntitle: ${'长'.repeat(101)}`, /longer than 100/],
      [`code: a\ntitle: x\ntitle_en: ${'l'.repeat(101)}`, /title_en is longer than 100/],
      ['code: a\ntitle: x\nsummary_en: y', /title_en is missing/],
      ['code: a\ntitle: x\ntitle_en: y', /English body is missing/],
    ];
    expect(() => parseContentFile(file('code: a\ntitle: x', '正文\n<!-- en -->\nText'))).toThrow(/title_en is missing/);
    expect(() => parseContentFile(file('code: a\ntitle: x\ntitle_en: y', '正文\n<!-- en -->\nText\n<!-- en -->\nMore'))).toThrow(
      /more than one/,
    );
    for (const [front, message] of bad) expect(() => parseContentFile(file(front)), front).toThrow(message);
    expect(() => parseContentFile('no front matter')).toThrow(PublishError);
  });
});

describe('publishing', () => {
  const write = (name: string, text: string | Buffer) => fs.writeFileSync(path.join(dir, name), text);
  const publishFile = async (name: string) =>
    publisher.publish(parseContentFile(fs.readFileSync(path.join(dir, name), 'utf8')), fileAssets(dir));

  it('creates by code, stores the images, then updates in place; the same file again changes nothing', async () => {
    write('pic.png', TINY_PNG);
    write(
      'cover.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#f5a623"/></svg>',
    );
    const front = 'code: t-update\ntitle: 第一版\ntags: family\ncover: cover.svg';
    write('a.md', `---\n${front}\n---\n## 小标题\n\n![图](pic.png) <script>alert(1)</script>\n`);
    const created = await publishFile('a.md');
    expect(created.status).toBe('created');
    const first = (await row('t-update'))!;
    expect(first.cover_url).toMatch(/^\/files\/content\/[0-9a-f]{32}\.webp$/);
    expect(first.width_height).toBe('3:2');
    expect(first.body_html).toMatch(/^<h2>小标题<\/h2>\n?<p><img src="\/files\/content\/[0-9a-f]{32}\.png" alt="图" \/> <\/p>$/);
    expect(first.search_text).toBe('第一版\n\n小标题');
    const files = storedFiles().length;

    t.clock.advance(60_000);
    expect((await publishFile('a.md')).status).toBe('unchanged');
    expect(storedFiles()).toHaveLength(files);

    write(
      'a.md',
      `---\n${front.replace('第一版', '第二版').replace('family', 'budget, saving')}\n---\n## 小标题\n\n![图](pic.png) 多了一句\n`,
    );
    const updated = await publishFile('a.md');
    expect(updated).toEqual({ id: created.id, code: 't-update', status: 'updated' });
    const second = (await row('t-update'))!;
    expect(second).toMatchObject({ title: '第二版', cover_url: first.cover_url, tags: ['budget', 'saving'] });
    expect(new Date(second.published_at!).getTime()).toBe(new Date(first.published_at!).getTime());
    expect(second.body_html).toContain(first.body_html.match(/\/files\/content\/[0-9a-f]{32}\.png/)![0]);
    expect(storedFiles()).toHaveLength(files);
    const shown = (await t.client.get(bookPath(CONTENT_PATHS.content, { id: created.id }))).json().data;
    expect(shown).toMatchObject({ title: '第二版', tags: [{ tag_code: 'budget' }, { tag_code: 'saving' }] });
  });

  it('withdraws, and publishing again brings the content back', async () => {
    write('w.md', '---\ncode: t-withdraw\ntitle: 下架\n---\n正文\n');
    const { id } = await publishFile('w.md');
    expect(await publisher.withdraw('t-withdraw')).toBe(true);
    expect(await publisher.withdraw('t-withdraw')).toBe(false);
    expect((await t.client.get(bookPath(CONTENT_PATHS.content, { id }))).statusCode).toBe(404);
    expect((await publishFile('w.md')).status).toBe('updated');
    expect((await t.client.get(bookPath(CONTENT_PATHS.content, { id }))).statusCode).toBe(200);
  });

  it('refuses unknown tags and templates, outside images and files that are not images or videos', async () => {
    const attempt = (front: string, body = '正文') => {
      write('bad.md', `---\ncode: t-bad\ntitle: x\n${front}\n---\n${body}\n`);
      return publishFile('bad.md');
    };
    await expect(attempt('tags: family, nope')).rejects.toThrow('unknown tags: nope');
    await expect(attempt('template: 999999')).rejects.toThrow('no such template: 999999');
    await expect(attempt('', '![x](https://elsewhere.example/x.png)')).rejects.toThrow(/must be local files/);
    write('fake.png', 'not an image');
    await expect(attempt('cover: fake.png')).rejects.toThrow(/is not a PNG/);
    await expect(attempt('cover: missing.png')).rejects.toThrow('cannot read missing.png');
    write('fake.webm', 'not a video');
    await expect(attempt('type: video\nvideo: fake.webm')).rejects.toThrow(/is not a WebM or MP4/);
    expect(await row('t-bad')).toBeUndefined();
  });
});

describe('the seed', () => {
  it('made a WebM video with a VP8 track and a poster, in storage', async () => {
    const video = (await row('family-month-video'))!;
    const bytes = fs.readFileSync(path.join(t.filesDir, video.video_url.slice('/files/'.length)));
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(bytes.includes(Buffer.from('V_VP8'))).toBe(true);
    expect(readWebm(bytes)).toEqual({ docType: 'webm', codec: 'V_VP8', width: 640, height: 360, durationMs: 6000, frames: 72 });
    expect(
      fs
        .readFileSync(path.join(t.filesDir, video.cover_url.slice('/files/'.length)))
        .subarray(8, 12)
        .toString('ascii'),
    ).toBe('WEBP');
    expect(video).toMatchObject({ type: '1', duration_seconds: 6, width_height: '16:9' });
  });

  it('changes nothing when run again, and makes the video again only when its file is gone', async () => {
    const storage = new LocalFileStorage(t.filesDir);
    const files = storedFiles().length;
    const again = await seedContents(t.db, storage, t.clock);
    expect(again.map((o) => o.status)).toEqual(again.map(() => 'unchanged'));
    expect(storedFiles()).toHaveLength(files);

    const before = (await row('family-month-video'))!;
    fs.rmSync(path.join(t.filesDir, before.video_url.slice('/files/'.length)));
    const remade = await seedContents(t.db, storage, t.clock);
    expect(remade.find((o) => o.code === 'family-month-video')?.status).toBe('updated');
    const after = (await row('family-month-video'))!;
    expect(after.video_url).not.toBe(before.video_url);
    expect(after.cover_url).toBe(before.cover_url);
    expect(fs.existsSync(path.join(t.filesDir, after.video_url.slice('/files/'.length)))).toBe(true);
  });
});
