import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { LogSink, type LogStream } from './log.ts';

/** A stream whose reader we control: what it has not read yet is its backlog. */
class StalledStream extends EventEmitter implements LogStream {
  written: string[] = [];
  writableLength = 0;
  write(chunk: string): boolean {
    this.written.push(chunk);
    this.writableLength += chunk.length;
    return false;
  }
  readAll() {
    this.writableLength = 0;
    this.emit('drain');
  }
}

describe('the log sink', () => {
  it('drops lines past the backlog limit instead of waiting, and says how many once the reader catches up', () => {
    const stream = new StalledStream();
    const sink = new LogSink(stream, 100);
    for (let i = 0; i < 50; i++) sink.write(`line ${i} ${'x'.repeat(20)}\n`);
    expect(stream.written.length).toBe(4); // up to just over 100 bytes of backlog
    expect(sink.dropped).toBe(46);
    stream.readAll();
    sink.write('after\n');
    expect(JSON.parse(stream.written[4]!)).toMatchObject({ level: 40, dropped: 46 });
    expect(stream.written[5]).toBe('after\n');
    expect(sink.dropped).toBe(0);
  });

  it('flushes within its timeout whether or not the reader reads', async () => {
    vi.useFakeTimers();
    try {
      const stream = new StalledStream();
      const sink = new LogSink(stream, 1000);
      await sink.flush(10); // nothing waiting: at once
      sink.write('a\n');
      let done = false;
      const stalled = sink.flush(50).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(49);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await stalled;
      expect(done).toBe(true);
      // A reader that catches up ends the wait at once, long before the timeout.
      const drained = sink.flush(10_000);
      stream.readAll();
      await drained;
    } finally {
      vi.useRealTimers();
    }
  });
});
