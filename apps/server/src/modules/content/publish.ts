import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CONTENT_CATEGORIES, CONTENT_TYPES } from '@cab/contracts';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { sniffImage, type FileStorage } from '../../platform/storage.ts';
import { lowerCase, searchTerms } from '../accounting/search-terms.ts';
import { CONTENT_TERMS_SCOPE } from './content.repository.ts';
import { PublishRepository, type ContentWrite } from './publish.repository.ts';
import { OWN_FILE, plainText, renderMarkdown } from './sanitise.ts';
import { readWebm } from './webm.ts';

/**
 * Publishing an article or video from a Markdown file with front matter (docs/market.md,
 * "Publishing articles and videos"): the operator's command and the seed both come here.
 */
export interface ContentSource {
  code: string;
  type: 'article' | 'video';
  title: string;
  summary: string;
  author: string;
  tags: string[];
  /** A local file, or an address of ours (/files/..., /static/...) kept as it is. */
  cover: string | undefined;
  video: string | undefined;
  widthHeight: string | undefined;
  template: string | undefined;
  durationSeconds: number | undefined;
  published: boolean;
  /** Markdown. */
  body: string;
  /** The English, where the file has it ('' where it has not: English readers get the Chinese). */
  english: { title: string; summary: string; author: string; body: string };
}

/** A mistake in what the operator asked for: the command prints the message alone. */
export class PublishError extends Error {}

const KEYS = [
  'code',
  'type',
  'title',
  'title_en',
  'summary',
  'summary_en',
  'author',
  'author_en',
  'tags',
  'cover',
  'video',
  'width_height',
  'template',
  'duration',
  'published',
];
const CODE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const WIDTH_HEIGHT = /^[1-9][0-9]{0,4}:[1-9][0-9]{0,4}$/;
/** The line between the Chinese body and the English one (an HTML comment, so other Markdown readers hide it). */
const ENGLISH_BODY = /^<!--\s*en\s*-->[ \t]*$/m;

/** The body's Chinese and English halves. */
function splitBody(body: string): { zh: string; en: string } {
  const m = ENGLISH_BODY.exec(body);
  if (!m) return { zh: body.trim(), en: '' };
  const en = body.slice(m.index + m[0].length);
  if (ENGLISH_BODY.test(en)) throw new PublishError('the body has more than one <!-- en --> line');
  return { zh: body.slice(0, m.index).trim(), en: en.trim() };
}

function unquote(v: string): string {
  const m = /^(["'])(.*)\1$/.exec(v);
  return m ? m[2]! : v;
}

function bounded(fm: Map<string, string>, key: string, max: number, required = false): string {
  const v = fm.get(key) ?? '';
  if (required && !v) throw new PublishError(`${key} is missing`);
  if ([...v].length > max) throw new PublishError(`${key} is longer than ${max} characters`);
  return v;
}

/** Reads a content file: `---`, one `key: value` a line, `---`, then the Markdown body. */
export function parseContentFile(text: string): ContentSource {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  if (!m) throw new PublishError('the file must start with front matter between two --- lines');
  const fm = new Map<string, string>();
  for (const line of m[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const kv = /^([a-z_]+)\s*:\s*(.*)$/.exec(line.trim());
    if (!kv) throw new PublishError(`not a "key: value" line: ${line}`);
    const [, key, value] = kv as unknown as [string, string, string];
    if (!KEYS.includes(key)) throw new PublishError(`unknown key "${key}" (one of ${KEYS.join(', ')})`);
    if (fm.has(key)) throw new PublishError(`"${key}" is given twice`);
    fm.set(key, unquote(value.trim()));
  }
  const code = bounded(fm, 'code', 64, true);
  if (!CODE.test(code)) throw new PublishError(`code must be lower-case letters, digits, - and _: ${code}`);
  const type = fm.get('type') ?? 'article';
  if (type !== 'article' && type !== 'video') throw new PublishError(`type must be article or video: ${type}`);
  const widthHeight = fm.get('width_height') || undefined;
  if (widthHeight !== undefined && !WIDTH_HEIGHT.test(widthHeight))
    throw new PublishError(`width_height must be like 16:9: ${widthHeight}`);
  const template = fm.get('template') || undefined;
  if (template !== undefined && !/^[1-9][0-9]{0,18}$/.test(template)) throw new PublishError(`template must be a template id: ${template}`);
  const duration = fm.get('duration') || undefined;
  if (duration !== undefined && !/^[0-9]{1,5}$/.test(duration)) throw new PublishError(`duration must be whole seconds: ${duration}`);
  const published = fm.get('published') ?? 'true';
  if (published !== 'true' && published !== 'false') throw new PublishError(`published must be true or false: ${published}`);
  const video = fm.get('video') || undefined;
  if (type === 'video' && !video) throw new PublishError('a video needs video: <file>');
  if (type === 'article' && video) throw new PublishError('an article has no video (type: video for one)');
  const body = splitBody(m[2]!);
  const english = {
    title: bounded(fm, 'title_en', 100),
    summary: bounded(fm, 'summary_en', 300),
    author: bounded(fm, 'author_en', 40),
    body: body.en,
  };
  if (!english.title && (english.summary || english.author || english.body)) {
    throw new PublishError('title_en is missing (the file has other English: an English reader needs its title too)');
  }
  if (english.title && !english.body && body.zh) throw new PublishError('the English body is missing: add it after a line <!-- en -->');
  const tags = (fm.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    code,
    type,
    title: bounded(fm, 'title', 100, true),
    summary: bounded(fm, 'summary', 300),
    author: bounded(fm, 'author', 40),
    tags: [...new Set(tags)],
    cover: fm.get('cover') || undefined,
    video,
    widthHeight,
    template,
    durationSeconds: duration === undefined ? undefined : Number(duration),
    published: published === 'true',
    body: body.zh,
    english,
  };
}

/** Where a content's files come from: the command reads them beside the Markdown file. */
export type AssetLoader = (ref: string) => Promise<Buffer>;

export const fileAssets =
  (dir: string): AssetLoader =>
  async (ref) => {
    try {
      return await fs.readFile(path.resolve(dir, ref));
    } catch {
      throw new PublishError(`cannot read ${ref}`);
    }
  };

const isSvg = (b: Buffer) => /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(b.subarray(0, 2048).toString('utf8'));
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const ratio = (w: number, h: number) => `${w / gcd(w, h)}:${h / gcd(w, h)}`;

/** An image as we serve it: PNG, JPEG, GIF or WebP as given; SVG drawn to WebP, as an uploaded SVG could carry script. */
async function asImage(bytes: Buffer, ref: string): Promise<{ bytes: Buffer; ext: string }> {
  const ext = sniffImage(bytes);
  if (ext) return { bytes, ext };
  if (isSvg(bytes)) return { bytes: await sharp(bytes, { density: 144 }).webp({ quality: 85 }).toBuffer(), ext: 'webp' };
  throw new PublishError(`${ref} is not a PNG, JPEG, GIF, WebP or SVG image`);
}

function asVideo(bytes: Buffer, ref: string): { ext: string; seconds: number | undefined; widthHeight: string | undefined } {
  if (bytes.length > 8 && bytes.subarray(4, 8).toString('ascii') === 'ftyp')
    return { ext: 'mp4', seconds: undefined, widthHeight: undefined };
  try {
    const f = readWebm(bytes);
    if (f.docType === 'webm') {
      return {
        ext: 'webm',
        seconds: Math.round(f.durationMs / 1000),
        widthHeight: f.width && f.height ? ratio(f.width, f.height) : undefined,
      };
    }
  } catch {
    // not EBML: refused below
  }
  throw new PublishError(`${ref} is not a WebM or MP4 video`);
}

export type PublishOutcome = { id: string; code: string; status: 'created' | 'updated' | 'unchanged' };

/** Writes contents from their sources: files go to storage, the body through the allow-list. */
export class ContentPublisher {
  readonly repo: PublishRepository;

  constructor(
    db: Database,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {
    this.repo = new PublishRepository(db);
  }

  /** One of our stored files, opened; undefined for an address that is not in storage or a file that is gone. */
  private async open(url: string) {
    if (!url.startsWith('/files/') || !OWN_FILE.test(url)) return undefined;
    return this.storage.open('public', url.slice('/files/'.length));
  }

  /** The bytes of one of our stored files. */
  private async stored(url: string): Promise<Buffer | undefined> {
    const file = await this.open(url);
    return file && buffer(file.stream);
  }

  /** Whether a file of ours is there (a seed makes its files again only when they are not); its bytes are not fetched. */
  async present(url: string): Promise<boolean> {
    const file = await this.open(url);
    file?.stream.destroy();
    return file !== undefined;
  }

  /**
   * Stores a file, or answers the address of the same bytes stored for this content before:
   * publishing again what did not change writes no file and leaves the row as it was.
   */
  private async store(bytes: Buffer, ext: string, before: string[]): Promise<string> {
    for (const url of before) {
      if (url.endsWith(`.${ext}`) && (await this.stored(url))?.equals(bytes)) return url;
    }
    const url = await this.storage.put('content', ext, bytes);
    before.push(url); // the same image twice in one body is stored once
    return url;
  }

  async publish(src: ContentSource, load: AssetLoader): Promise<PublishOutcome> {
    const existing = await this.repo.byCode(src.code);
    const tags = [...src.tags].sort();
    const known = await this.repo.knownTags(tags);
    const unknown = tags.filter((t) => !known.has(t));
    if (unknown.length) throw new PublishError(`unknown tags: ${unknown.join(', ')}`);
    if (src.template && !(await this.repo.templateExists(src.template))) throw new PublishError(`no such template: ${src.template}`);

    const before = existing
      ? [existing.cover_url, existing.video_url, ...[...existing.body_html.matchAll(/src="([^"]+)"/g)].map((x) => x[1]!)]
      : [];
    const image = async (ref: string): Promise<{ url: string; bytes?: Buffer }> => {
      if (OWN_FILE.test(ref)) return { url: ref, bytes: await this.stored(ref) };
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) throw new PublishError(`${ref}: images must be local files or /files/ or /static/ addresses`);
      const img = await asImage(await load(ref), ref);
      return { url: await this.store(img.bytes, img.ext, before), bytes: img.bytes };
    };

    const body_html = await renderMarkdown(src.body, async (ref) => (await image(ref)).url);
    const body_html_en = src.english.body ? await renderMarkdown(src.english.body, async (ref) => (await image(ref)).url) : '';
    const cover = src.cover ? await image(src.cover) : undefined;
    const cover_url = cover?.url ?? '';
    let video_url = '';
    let seconds = src.durationSeconds ?? 0;
    let shape: string | undefined;
    if (src.video) {
      // An address of ours is kept as it is; its facts come from the stored file when it can be read.
      const own = OWN_FILE.test(src.video);
      const bytes = own ? await this.stored(src.video) : await load(src.video);
      const v = bytes ? asVideo(bytes, src.video) : undefined;
      video_url = own || !bytes || !v ? src.video : await this.store(bytes, v.ext, before);
      seconds = src.durationSeconds ?? v?.seconds ?? 0;
      shape = v?.widthHeight;
    }
    if (!shape && cover?.bytes && !src.widthHeight) {
      const meta = await sharp(cover.bytes).metadata();
      if (meta.width && meta.height) shape = ratio(meta.width, meta.height);
    }

    // One search finds a content by its words in either language.
    const en = src.english;
    const english = en.title ? [en.title, en.summary, plainText(body_html_en)] : [];
    const search_text = lowerCase([src.title, src.summary, plainText(body_html), ...english].join('\n'));
    const now = new Date(this.clock.now());
    const row: ContentWrite = {
      code: src.code,
      type: src.type === 'video' ? CONTENT_TYPES.video : CONTENT_TYPES.article,
      content_category: src.template ? CONTENT_CATEGORIES.book : CONTENT_CATEGORIES.plain,
      title: src.title,
      summary: src.summary,
      author: src.author,
      body_html,
      title_en: en.title,
      summary_en: en.summary,
      author_en: en.author,
      body_html_en,
      cover_url,
      video_url,
      duration_seconds: seconds,
      width_height: src.widthHeight ?? shape ?? (src.type === 'video' ? '16:9' : '4:3'),
      template_id: src.template ?? null,
      search_terms: searchTerms(CONTENT_TERMS_SCOPE, search_text),
      search_text,
      // Publishing again keeps the first publication's time, so an edit does not jump the list.
      published_at: src.published ? (existing?.published_at ?? now) : null,
      withdrawn_at: null,
    };
    if (existing && unchanged(existing, row, tags)) return { id: existing.id, code: src.code, status: 'unchanged' };
    const id = await this.repo.save(row, tags, now);
    return { id, code: src.code, status: existing ? 'updated' : 'created' };
  }

  withdraw(code: string): Promise<boolean> {
    return this.repo.withdraw(code, new Date(this.clock.now()));
  }
}

type Existing = NonNullable<Awaited<ReturnType<PublishRepository['byCode']>>>;

function unchanged(e: Existing, row: ContentWrite, tags: string[]): boolean {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date || b instanceof Date
      ? (a ? new Date(a as Date).getTime() : null) === (b ? new Date(b as Date).getTime() : null)
      : a === b;
  const scalar = (Object.keys(row) as Array<keyof ContentWrite>).filter((k) => k !== 'search_terms');
  return scalar.every((k) => same(e[k], row[k])) && e.tags.join(',') === tags.join(',');
}
