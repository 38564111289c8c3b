import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export type EdgeSettings = Pick<Config, 'frameAncestors' | 'imageOrigins' | 'avatarHosts' | 'webDistDir' | 'production'>;

/**
 * Browser features the app does not use, off for it and for anything it could frame.
 * What it does use keeps its default of our own origin: the share sheet and the
 * clipboard (invitations), full screen and picture-in-picture (the video player's own
 * buttons). A photo comes through a file input, which needs no camera permission. Only
 * names Chromium knows (it warns in the console of every page load about any other;
 * desktop builds do not know web-share, one more reason to leave it at its default).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'display-capture=()',
  'encrypted-media=()',
  // The place of a record (choose-location) asks for the position in a browser: our own page only.
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hash sources of a page's inline <style> blocks and inline <script>s (one with a src has nothing to hash). */
export function inlineHashes(html: string): { styles: string[]; scripts: string[] } {
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1] ?? ''));
  const scripts = [...html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc\s*=/i.test(m[0].slice(0, m[0].indexOf('>'))))
    .map((m) => sha256(m[1] ?? ''));
  return { styles: [...new Set(styles)], scripts: [...new Set(scripts)] };
}

/**
 * Who may frame the app: the configured host apps (CAB_FRAME_ANCESTORS); outside
 * production this server too, for its test host at /dev/host/ (docs/host.md). In
 * production exactly the configured ones, or nobody.
 */
const framers = (s: EdgeSettings) => (s.production ? s.frameAncestors : ["'self'", ...s.frameAncestors]);
const ancestors = (s: EdgeSettings) => (framers(s).length ? framers(s).join(' ') : "'none'");

/**
 * The web shell's policy: its own scripts and style sheets, the inline start-up styles
 * by their hashes (no inline script runs unless hashed), images of its own, data: and
 * blob: (photo previews) and the configured image origins, the video from its own
 * files, calls and live updates to its own origin; nothing else.
 */
export function shellPolicy(s: EdgeSettings, hashes: { styles: string[]; scripts: string[] }): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...hashes.scripts].join(' '),
    ["style-src 'self'", ...hashes.styles].join(' '),
    // Avatars may come from the allow-listed hosts (CAB_AVATAR_HOSTS), over https only.
    ["img-src 'self' data: blob:", ...s.imageOrigins, ...s.avatarHosts.map((h) => `https://${h}`)].join(' '),
    "media-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    // The service worker that keeps the app's files for offline starts (/sw.js, docs/offline.md).
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors(s)}`,
  ].join('; ');
}

/** /docs is markup and one link: it loads nothing. */
export const documentPolicy = (s: EdgeSettings) =>
  `default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors(s)}`;

/**
 * Stored and shipped files (/files/, /static/), opened on their own: an SVG or anything
 * mistaken for a page runs no script and reaches nothing (an <img> or <video> showing
 * them in the app is not affected).
 */
export const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The hashes of the built index.html, read again when the file changes (a new build under a running server). */
function shellHashes(indexFile: string): () => { styles: string[]; scripts: string[] } {
  let seen = '';
  let hashes = { styles: [] as string[], scripts: [] as string[] };
  return () => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    const version = stat ? `${stat.mtimeMs} ${stat.size}` : '';
    if (version !== seen) {
      hashes = stat ? inlineHashes(fs.readFileSync(indexFile, 'utf8')) : { styles: [], scripts: [] };
      seen = version;
    }
    return hashes;
  };
}

const hasHeader = (reply: FastifyReply, name: string) => reply.hasHeader(name) || reply.raw.hasHeader(name);
/** The path as the router matched it: without the query, a trailing slash ignored. */
const pathOf = (req: FastifyRequest) => (req.url.split('?')[0] ?? req.url).replace(/(.)\/+$/, '$1');

/**
 * What every answer carries, whatever it is, set on the raw answer so that answers written
 * past Fastify (the live stream) carry it too. Also for the router's own refusals (app.ts,
 * frameworkErrors), which are answered before any hook runs.
 */
export function everyAnswerHeaders(reply: FastifyReply): FastifyReply {
  reply.raw.setHeader('x-content-type-options', 'nosniff');
  reply.raw.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  return reply;
}

/**
 * Headers a browser and a webview need (docs/decisions.md, "Headers and proxies"): on every answer
 * nosniff and the referrer policy; on the web shell and /docs the content security
 * policy, frame-ancestors and the permissions policy; on every answer that is not a
 * file, `Cache-Control: no-store` unless its route chose otherwise.
 */
export function registerSecurityHeaders(app: FastifyInstance, settings: EdgeSettings): void {
  const hashes = shellHashes(path.join(settings.webDistDir, 'index.html'));
  const docs = documentPolicy(settings);
  const page = (reply: FastifyReply, policy: string) => {
    reply.header('content-security-policy', policy).header('permissions-policy', PERMISSIONS_POLICY);
    // Older webviews know only X-Frame-Options, which cannot name origins: it is said only when none may frame.
    if (framers(settings).length === 0) reply.header('x-frame-options', 'DENY');
  };

  app.addHook('onRequest', (_req, reply, done) => {
    everyAnswerHeaders(reply);
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const url = pathOf(req);
    if (url === '/' || url === '/index.html') page(reply, shellPolicy(settings, hashes()));
    else if (url === '/docs') page(reply, docs);
    else if (url.startsWith('/files/') || url.startsWith('/static/')) reply.header('content-security-policy', FILE_POLICY);
    // Files say how long they keep (static-files.ts); every other answer is about someone, or about now.
    if (!hasHeader(reply, 'cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
