import { DEFAULT_LOCALE, type Locale } from '@cab/contracts';
import type { IncomingHttpHeaders } from 'node:http';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The Device header's locale, read leniently: it is needed to word the very error that
 * says the header is wrong, so a header whose other fields are bad still has its say.
 */
function deviceLocale(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const json: unknown = JSON.parse(raw);
    if (typeof json !== 'object' || json === null || !('locale' in json)) return undefined;
    return typeof json.locale === 'string' && json.locale.trim() !== '' ? json.locale.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The first of our languages in the client's order of preference (q values honoured, q=0 refused). */
function acceptLanguage(raw: string | undefined): Locale | undefined {
  if (!raw) return undefined;
  const ranked = raw
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return undefined;
}

/**
 * The language of a request's answers: the Device locale when the client sends one
 * (English for any `en…`, else Chinese), otherwise Accept-Language, otherwise Chinese.
 * Read from the headers alone, so it works for failures raised before or while the
 * pipeline parses them.
 */
export function requestLocale(headers: IncomingHttpHeaders): Locale {
  const device = deviceLocale(first(headers.device));
  if (device !== undefined) return device.toLowerCase().startsWith('en') ? 'en' : DEFAULT_LOCALE;
  return acceptLanguage(first(headers['accept-language'])) ?? DEFAULT_LOCALE;
}
