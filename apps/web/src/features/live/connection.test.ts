import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { connectLive, SseParser } from './connection.ts';
import { applyLiveEvent, catchUp } from './start.ts';
import { useUnreadStore } from '../messages/unread-store.ts';

/** A fake SSE answer whose chunks are pushed by the test. */
function fakeStream(status = 200) {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      push = (text) => c.enqueue(new TextEncoder().encode(text));
      end = () => c.close();
    },
  });
  return {
    response: new Response(status === 200 ? body : '{"code":1,"message":"x"}', { status }),
    push: (t: string) => push(t),
    end: () => end(),
  };
}

describe('SseParser', () => {
  it('gives the data of complete messages across chunks, skipping comments and reading retry', () => {
    const p = new SseParser();
    expect(p.feed('retry: 3000\n: open\n\nid: 1\ndata: {"a"')).toEqual([]);
    expect(p.retryMs).toBe(3000);
    expect(p.feed(':1}\n\n: ping\n\nid: 2\r\ndata: 2\r\n\r\n')).toEqual(['{"a":1}', '2']);
  });
});

describe('connectLive', () => {
  it('signs the request, hands over events, and reconnects with backoff after the stream ends', async () => {
    const first = fakeStream();
    const second = fakeStream();
    const fetch = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const headers = vi.fn(async (url: string) => ({ sign: `signed ${url}` }));
    const events: unknown[] = [];
    const sleeps: number[] = [];
    const opens: boolean[] = [];
    const stop = connectLive(
      {
        fetch,
        headers,
        onEvent: (e) => events.push(e),
        onOpen: (again) => opens.push(again),
        sleep: async (ms) => void sleeps.push(ms),
        random: () => 1,
      },
      '42',
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![0]).toBe('/cab-query-ws/v1/live?book_id=42');
    expect(fetch.mock.calls[0]![1].headers).toEqual({ sign: 'signed /cab-query-ws/v1/live?book_id=42' });
    first.push('retry: 1000\n\nid: 1\ndata: {"type":"book","bookId":"42","what":"transactions"}\n\n');
    await vi.waitFor(() => expect(events).toEqual([{ type: 'book', bookId: '42', what: 'transactions' }]));
    first.end();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(sleeps).toEqual([1000]);
    second.push('data: {"type":"messages","unread":2}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(2));
    // The second opening is a reconnection: the app catches up on what it missed.
    expect(opens).toEqual([false, true]);
    stop();
  });

  it('backs off more on each failure in a row, and stops on a refusal that retrying cannot change (404)', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(fakeStream(404).response);
    const sleeps: number[] = [];
    connectLive(
      { fetch, headers: async () => ({}), onEvent: () => undefined, sleep: async (ms) => void sleeps.push(ms), random: () => 1 },
      '',
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([6000, 12000]);
  });
});

describe('applyLiveEvent', () => {
  it('refetches the queries of the changed book only, and puts the unread count in the badge store', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['transactions', '42', 'statistics', 'flow', {}], 1);
    qc.setQueryData(['transactions', '7', 'statistics', 'flow', {}], 1);
    applyLiveEvent(qc, { type: 'book', bookId: '42', what: 'transactions' });
    expect(qc.getQueryState(['transactions', '42', 'statistics', 'flow', {}])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['transactions', '7', 'statistics', 'flow', {}])?.isInvalidated).toBe(false);
    applyLiveEvent(qc, { type: 'messages', unread: 5 });
    expect(useUnreadStore.getState().unread).toBe(5);
  });

  it('catches up after a reconnection: the watched book is refetched, no other', () => {
    const qc = new QueryClient();
    qc.setQueryData(['transactions', '42', 'statistics', 'flow', {}], 1);
    qc.setQueryData(['transactions', '7', 'statistics', 'flow', {}], 1);
    catchUp(qc, '', '42');
    expect(qc.getQueryState(['transactions', '42', 'statistics', 'flow', {}])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['transactions', '7', 'statistics', 'flow', {}])?.isInvalidated).toBe(false);
  });
});
