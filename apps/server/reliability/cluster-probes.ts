/**
 * The cluster test's small probes: a live-update stream read over real HTTP as the web
 * reads it, and a signed call sent from a chosen loopback address (127.0.0.2 is another
 * client's network as far as the proxy and CAB can tell).
 */
import http from 'node:http';
import { LIVE_PATHS, type LiveEvent } from '@cab/contracts';
import { signedHeaders } from '../test/process.ts';
import { sleep } from './load-measure.ts';

export interface LiveStream {
  /** Each event with the moment it arrived (performance.now()). */
  events(): Array<{ at: number; event: LiveEvent }>;
  close(): void;
}

/** Opens GET /live?book_id= and resolves once the server has written `: open` (the stream is registered). */
export function openStream(base: string, token: string, bookId: string): Promise<LiveStream> {
  const url = `${LIVE_PATHS.stream}?book_id=${bookId}`;
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: hostname, port: Number(port), path: url, headers: signedHeaders('GET', url, '', token) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the live stream answered ${res.statusCode}`));
        return;
      }
      const events: Array<{ at: number; event: LiveEvent }> = [];
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        const blocks = pending.split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.includes(': open')) resolve({ events: () => events, close: () => req.destroy() });
          for (const line of block.split('\n'))
            if (line.startsWith('data: '))
              events.push({ at: performance.now(), event: JSON.parse(line.slice('data: '.length)) as LiveEvent });
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('the live stream did not open in 10 s')));
  });
}

/** Waits until `ok()` holds, or fails saying `what` after `ms`. */
export async function until(ok: () => boolean, ms: number, what: string): Promise<number> {
  const t0 = performance.now();
  while (!ok()) {
    if (performance.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(10);
  }
  return performance.now() - t0;
}

/** A signed call whose connection leaves from `localAddress` (any 127.x.y.z on Linux's loopback). */
export function callFrom(
  localAddress: string,
  base: string,
  method: string,
  url: string,
  body: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port: Number(port),
        path: url,
        method,
        localAddress,
        agent: false,
        headers: {
          ...signedHeaders(method, url, payload, undefined),
          ...extra,
          ...(payload ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
