import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** Where log lines go: anything with a non-blocking write and a backlog we can read. */
export interface LogStream {
  write(chunk: string): boolean;
  readonly writableLength: number;
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * A log destination that never blocks the server. Lines go to the stream as they
 * come; when its reader falls behind and the stream's backlog passes `maxBacklog`
 * bytes, new lines are dropped (and counted, and reported once the backlog is
 * back under the limit) instead of piling up in memory or stalling the event loop.
 *
 * Why: pino's default destination (sonic-boom) retries a full pipe with a blocking
 * sleep (Atomics.wait), and on exit flushes synchronously in the same loop; with a
 * reader that stopped reading, shutdown never ended. process.stdout is asynchronous
 * for pipes and files on Linux, so writing to it here cannot block, and exit never
 * waits for it.
 */
export class LogSink {
  dropped = 0;

  constructor(
    private readonly stream: LogStream,
    private readonly maxBacklog = 1024 * 1024,
  ) {}

  write(line: string): void {
    if (this.stream.writableLength > this.maxBacklog) {
      this.dropped++;
      return;
    }
    if (this.dropped > 0) {
      this.stream.write(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: 'log lines dropped: the log reader fell behind', dropped: this.dropped })}\n`,
      );
      this.dropped = 0;
    }
    this.stream.write(line);
  }

  /** Waits until the backlog is written, or `timeoutMs` passes, whichever comes first. */
  flush(timeoutMs: number): Promise<void> {
    if (this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.stream.once('drain', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

export function createLogger(level: string, sink: { write(line: string): void }): FastifyBaseLogger {
  return pino({ level }, sink);
}
