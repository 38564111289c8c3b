/**
 * Outside pages CAB may open (issue 30; docs/host.md, "Webviews"): the call that lists
 * them and the one matcher the server's settings and the web's pages share. Zod-free for
 * the web.
 */
export const WEBVIEW_PATHS = {
  /** GET, for anyone: the allow-list and the customer-service and follow pages the operator set. */
  list: '/cab-config-ws/v1/webviews',
} as const;

/**
 * A URL that may be an outside page at all: it parses on its own (no base), is http(s),
 * names no user or password, and its path holds no encoded slash or backslash (servers
 * disagree on whether `%2F` splits a path, so a prefix could be walked out of).
 */
function pageUrl(raw: string): URL | undefined {
  if (typeof raw !== 'string' || !URL.canParse(raw)) return undefined;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
  if (/%2f|%5c/i.test(url.pathname)) return undefined;
  return url;
}

/**
 * One allow-list entry in its written form, `https://host[:port]/path-prefix`, or
 * undefined when it is not one: a page URL with no query and no fragment. It comes back
 * as the URL parser writes it (lower-case host, no default port), so comparing is exact.
 */
export function webviewPrefix(raw: string): string | undefined {
  const url = pageUrl(raw);
  // The written entry, not only the parsed one: `https://x/?` parses with an empty search.
  if (!url || /[?#\s*]/.test(raw)) return undefined;
  return url.origin + url.pathname;
}

/** Whether a path is the prefix's or under it, at a segment boundary: `/help` takes `/help` and `/help/x`, never `/helpdesk`. */
function underPath(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The URL to open when it is allowed, as the URL parser writes it (so what was checked is
 * what opens: the parser drops tabs and new lines a raw string may carry), else undefined.
 * Allowed: its origin is an entry's and its path starts with the entry's path.
 */
export function webviewHref(raw: string, allow: readonly string[]): string | undefined {
  const url = pageUrl(raw);
  if (!url) return undefined;
  for (const entry of allow) {
    const prefix = pageUrl(entry);
    if (prefix && prefix.origin === url.origin && underPath(url.pathname, prefix.pathname)) return url.href;
  }
  return undefined;
}

/** Whether CAB may open this URL (webviewHref). */
export const webviewAllowed = (raw: string, allow: readonly string[]): boolean => webviewHref(raw, allow) !== undefined;
