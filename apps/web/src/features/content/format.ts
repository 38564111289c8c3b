import type { ContentSummary } from '@cab/contracts/client';
import { CONTENT_TYPES } from '@cab/contracts/client';

/** SPEC 3: type '0' is an article, any other a video. */
export const isVideo = (c: Pick<ContentSummary, 'type'>): boolean => c.type !== CONTENT_TYPES.article;

/** Where a content opens: an article's page or a video's. */
export const contentPath = (c: Pick<ContentSummary, 'type' | 'id'>): string =>
  `/bookDetail/pages/${isVideo(c) ? 'book-video' : 'book-detail'}?id=${encodeURIComponent(c.id)}`;

/** A video's length as m:ss (h:mm:ss past an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/**
 * A list item's video length. Summaries do not carry it in the contracts (only a
 * content's detail does), so it is read when the server sends it and left out otherwise.
 */
export function summaryDuration(c: ContentSummary): number | undefined {
  return c.duration_seconds > 0 ? c.duration_seconds : undefined;
}

/** A tag's name in the user's language (Chinese when no English is given). */
export const tagName = (t: { name: string; name_en: string }, language: string): string => (language === 'en' && t.name_en) || t.name;

/** A cover's CSS aspect ratio from the content's width and height ('16 / 9' when unknown). */
export const aspect = (c: Pick<ContentSummary, 'width' | 'height'>): string =>
  c.width > 0 && c.height > 0 ? `${c.width} / ${c.height}` : '16 / 9';

const dates = new Map<string, Intl.DateTimeFormat>();
/** A publishing day in the user's locale ("2026/8/15"). */
export function formatDay(ms: number, language: string): string {
  let f = dates.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'numeric', day: 'numeric' });
    dates.set(language, f);
  }
  return f.format(ms);
}
