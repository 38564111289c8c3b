import type { SetHeadersResponse } from '@fastify/static';

const YEAR = 'public, max-age=31536000, immutable';
/** Cache-Control for the cover materials and uploads: kept a day, then revalidated. */
export const FILE_CACHE_CONTROL = 'public, max-age=86400';

export function cacheForADay(res: SetHeadersResponse): void {
  res.setHeader('cache-control', FILE_CACHE_CONTROL);
}

/**
 * The built web app. Files under /assets/ carry a content hash in their name, so a
 * browser keeps them for a year without asking again; index.html names the current
 * hashes, so it is always revalidated (no-cache, answered 304 while unchanged); so is the
 * service worker (sw.js): a new build's worker is seen at once (docs/offline.md).
 * Every text file has brotli and gzip siblings written at build time; the one the
 * browser accepts is sent as is.
 */
export const WEB_STATIC_OPTIONS = {
  decorateReply: false,
  wildcard: false,
  preCompressed: true,
  cacheControl: false,
  setHeaders(res: SetHeadersResponse, filePath: string) {
    const file = filePath.replace(/\.(br|gz)$/, '');
    res.setHeader(
      'cache-control',
      /[\\/]assets[\\/]/.test(file) ? YEAR : file.endsWith('.html') || /[\\/]sw\.js$/.test(file) ? 'no-cache' : 'public, max-age=3600',
    );
    res.setHeader('vary', 'accept-encoding');
  },
} as const;
