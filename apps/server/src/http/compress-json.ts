import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const MIN_BYTES = 1024;
/** Larger answers (whole exports) are left to @fastify/compress, which streams them. */
const MAX_BYTES = 1024 * 1024;
/**
 * From this size on (an importer's answer of a thousand records, 560 KB) the fastest
 * levels: brotli 4 took 5.4 ms and gzip 6 7.7 ms for it, brotli 1 2.0 ms and gzip 1
 *  3.8 ms, for 6 KB (brotli) or 1 KB (gzip) more on the wire.
 */
const LARGE = 64 * 1024;

/** The encoding a client accepts, brotli first; q=0 refuses one. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return undefined;
}

/** A JSON answer compressed at once, as every answer of 1 KB to 1 MB is. */
export function compressJson(payload: string | Buffer, encoding: 'br' | 'gzip'): Buffer {
  const size = Buffer.byteLength(payload);
  const fast = size >= LARGE;
  return encoding === 'br'
    ? zlib.brotliCompressSync(payload, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 1 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
      })
    : zlib.gzipSync(payload, { level: fast ? 1 : zlib.constants.Z_DEFAULT_COMPRESSION });
}

/** Marks an answer as sent in an encoding (the kept answers of answer-cache.ts come compressed already). */
export function markEncoded(reply: FastifyReply, encoding: 'br' | 'gzip'): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
}

/**
 * Compresses JSON answers of 1 KB to 1 MB in one synchronous call. @fastify/compress
 * pipes every answer through a stream, which took 3 to 9 ms for a 20 KB page of the
 * flow on a busy 2-core machine (bench/README.md), where compressing it at once takes
 * 0.1 ms. Registered before @fastify/compress, which passes over answers already encoded.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < MIN_BYTES || size > MAX_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return done(null, payload);
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const body = compressJson(payload, encoding);
    markEncoded(reply, encoding);
    done(null, body);
  });
}
