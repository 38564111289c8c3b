import { LIVE_PATHS, type LiveEvent } from '@cab/contracts/client';

/**
 * The live-update stream (docs/live.md): a signed GET read with fetch() and a stream
 * reader (EventSource cannot send the signature and Authorization headers), parsed as
 * Server-Sent Events, reconnected with backoff.
 */
export interface LiveDeps {
  fetch: typeof fetch;
  /** The signed headers of a GET of this path (the same builder as every call). */
  headers: (pathWithQuery: string) => Promise<Record<string, string>>;
  onEvent: (event: LiveEvent) => void;
  /** A 401: the session's token may need refreshing before the next try. */
  onUnauthorized?: () => Promise<void>;
  /** A stream opened; `again` after the first: events may have been missed meanwhile. */
  onOpen?: (again: boolean) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Incremental SSE parsing: feed text, get the `data` of every complete message (comments and `retry:` handled). */
export class SseParser {
  private buffer = '';
  /** The server's `retry:` hint, in ms. */
  retryMs: number | undefined;

  feed(text: string): string[] {
    this.buffer += text.replace(/\r\n?/g, '\n');
    const out: string[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
      }
      if (data.length) out.push(data.join('\n'));
    }
    return out;
  }
}

const MAX_DELAY_MS = 60_000;

/** Connects, and keeps connecting until stopped; `bookId` is the book looked at (none: '' ). */
export function connectLive(deps: LiveDeps, bookId: string): () => void {
  const ctrl = new AbortController();
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const url = bookId ? `${LIVE_PATHS.stream}?book_id=${encodeURIComponent(bookId)}` : LIVE_PATHS.stream;

  void (async () => {
    let failures = 0;
    let retryMs = 3_000;
    let openedBefore = false;
    while (!ctrl.signal.aborted) {
      let opened = false;
      try {
        const res = await deps.fetch(url, { method: 'GET', headers: await deps.headers(url), signal: ctrl.signal });
        if (res.status === 401) await deps.onUnauthorized?.();
        // Outside the book (404) or a refusal that retrying will not change: stop until the book or user changes.
        else if (res.status >= 400 && res.status < 500 && res.status !== 429) return;
        if (res.ok && res.body) {
          opened = true;
          failures = 0;
          deps.onOpen?.(openedBefore);
          openedBefore = true;
          const parser = new SseParser();
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const data of parser.feed(value)) {
              try {
                deps.onEvent(JSON.parse(data) as LiveEvent);
              } catch (err) {
                console.warn('live event not handled', err);
              }
            }
            retryMs = parser.retryMs ?? retryMs;
          }
        }
      } catch {
        // The network went away or the stream was stopped: retried below unless stopped.
      }
      if (ctrl.signal.aborted) return;
      if (!opened) failures++;
      // The server's retry hint first, doubling on each failure in a row, with jitter.
      const delay = Math.min(MAX_DELAY_MS, retryMs * 2 ** Math.min(failures, 5)) * (0.5 + random() / 2);
      await sleep(opened ? retryMs * (0.5 + random() / 2) : delay);
    }
  })();
  return () => ctrl.abort();
}
