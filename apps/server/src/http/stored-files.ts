import fs from 'node:fs';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf, type ByteRange, type FileStorage, type OpenedFile } from '../platform/storage.ts';
import { cacheForADay, FILE_CACHE_CONTROL } from './static-files.ts';

/** One range of bytes from a Range header; anything else (several ranges, another unit) is answered whole. */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { suffix: Number(m[2]) };
  return { first: Number(m[1]), last: m[2] ? Number(m[2]) : undefined };
}

const etags = (header: string | undefined) => (header ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));

/** Whether the browser's copy is the stored file still (If-None-Match, else If-Modified-Since). */
function unchanged(req: FastifyRequest, file: OpenedFile): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.trim() === '*' || etags(match).includes(file.etag.replace(/^W\//, ''));
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(file.modified.getTime() / 1000) * 1000 <= since;
}

async function answer(req: FastifyRequest, reply: FastifyReply, storage: FileStorage, rel: string) {
  let file = await storage.open('public', rel, parseRange(req.headers.range));
  const ifRange = req.headers['if-range'];
  if (file?.range && ifRange !== undefined && ifRange !== file.etag) {
    // The client holds another version (or names it by date): the whole file, not a piece to splice into its copy.
    file.stream.destroy();
    file = await storage.open('public', rel);
  }
  if (!file) return reply.callNotFound();
  // The same caching as the directory served by the static plugin: names are random, a file never changes.
  reply.header('cache-control', FILE_CACHE_CONTROL).header('etag', file.etag).header('last-modified', file.modified.toUTCString());
  reply.header('accept-ranges', 'bytes');
  if (unchanged(req, file)) {
    file.stream.destroy();
    return reply.code(304).send();
  }
  reply.type(contentTypeOf(rel));
  if (file.range) {
    reply.code(206).header('content-range', `bytes ${file.range.first}-${file.range.last}/${file.size}`);
  }
  reply.header('content-length', file.range ? file.range.last - file.range.first + 1 : file.size);
  if (req.method === 'HEAD') {
    // Fastify's HEAD route reads a stream through and keeps the length set; an empty one spares fetching the bytes.
    file.stream.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(file.stream);
}

/**
 * Serves the public files under /files/: from the directory by the static file plugin
 * when storage is local, else streamed from storage by CAB (docs/storage.md). A missing
 * file is the ordinary 404 `{code, message}` either way.
 */
export async function registerStoredFiles(app: FastifyInstance, storage: FileStorage): Promise<void> {
  if (storage.localRoot) {
    fs.mkdirSync(storage.localRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: cacheForADay,
    });
    return;
  }
  app.get<{ Params: { '*': string } }>('/files/*', async (req, reply) => answer(req, reply, storage, req.params['*']));
}
