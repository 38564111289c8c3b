import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@cab/contracts';
import type { Broadcast } from '../../platform/broadcast.ts';

/**
 * Live updates (issue 14, docs/live.md): what open clients are told without asking. A
 * module that changed something calls the hub after its transaction committed; the hub
 * carries the event to every server instance (Broadcast: in-process, or Redis pub/sub
 * with REDIS_URL) and each instance writes it to its own open streams of the users concerned.
 */
export type { LiveEvent } from '@cab/contracts';

export interface LiveHub {
  /** Tells one user's open clients. */
  toUser(userId: string, event: LiveEvent): void;
  /**
   * Tells the open clients looking at the book (opened with its `book_id`), whose user is
   * still a member when the event arrives. Clients not looking at it refetch when they open it.
   */
  toBook(bookId: string, event: LiveEvent): void;
}

export interface LiveLimits {
  /** A comment line this often keeps proxies and the client's idle timers from ending the stream. */
  heartbeatMs: number;
  /** Open streams per user; a new one closes that user's oldest. */
  perUser: number;
  /** Open streams on this instance; a new one closes the oldest of all. */
  total: number;
  /** The `retry:` hint: how long a client waits before reconnecting. */
  retryMs: number;
  /** Bytes a stream may have waiting for a slow reader before it is closed. */
  backlogBytes: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = { heartbeatMs: 20_000, perUser: 5, total: 10_000, retryMs: 3_000, backlogBytes: 256 * 1024 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates to open clients (modules/live/hub.ts); book-changing routes raise theirs in http/route.ts. */
    live: LiveHub | undefined;
  }
}

const CHANNEL = 'live';

/** What travels on the broadcast: who is to hear it, and the event. */
type Envelope = { userId: string; event: LiveEvent } | { bookId: string; event: LiveEvent };

interface Stream {
  userId: string;
  bookId: string | undefined;
  res: ServerResponse;
}

/** Whether a user is (still) a member of a live book. */
export type MembershipCheck = (userId: string, bookId: string) => Promise<boolean>;

/** The hub of one server instance and its open SSE streams. */
export class LiveStreams implements LiveHub {
  /** Oldest first (a Set keeps insertion order). */
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<string, Set<Stream>>();
  private seq = 0;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly broadcast: Broadcast,
    private readonly isMember: MembershipCheck,
    private readonly limits: LiveLimits = DEFAULT_LIVE_LIMITS,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    broadcast.subscribe(CHANNEL, (message) => {
      if (this.closed) return;
      this.deliver(message).catch(onError);
    });
    this.timer = setInterval(() => this.heartbeat(), limits.heartbeatMs);
    this.timer.unref();
  }

  toUser(userId: string, event: LiveEvent): void {
    this.broadcast.publish(CHANNEL, JSON.stringify({ userId, event } satisfies Envelope));
  }

  toBook(bookId: string, event: LiveEvent): void {
    this.broadcast.publish(CHANNEL, JSON.stringify({ bookId, event } satisfies Envelope));
  }

  /** Open streams on this instance, for tests and the shutdown report. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Takes over a response (already hijacked from Fastify) as a stream of the user's events;
   * the caller has checked the user and their membership of `bookId`.
   */
  open(userId: string, bookId: string | undefined, res: ServerResponse): void {
    if (this.closed) {
      res.writeHead(503, { connection: 'close' }).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and the like must not buffer the stream.
      'x-accel-buffering': 'no',
      // A stream's connection is not reused: ending it (a stop, the cap) ends the socket too.
      connection: 'close',
    });
    res.socket?.setNoDelay(true);
    const stream: Stream = { userId, bookId, res };
    const mine = this.byUser.get(userId) ?? new Set<Stream>();
    this.byUser.set(userId, mine);
    // The caps: the user's oldest stream, then the oldest of all, make room.
    while (mine.size >= this.limits.perUser) this.end(mine.values().next().value!);
    while (this.streams.size >= this.limits.total) this.end(this.streams.values().next().value!);
    mine.add(stream);
    this.streams.add(stream);
    res.on('close', () => this.forget(stream));
    res.write(`retry: ${this.limits.retryMs}\n: open\n\n`);
  }

  /** Ends every stream and stops the heartbeats (the app is closing: streams must not hold its stop). */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const s of [...this.streams]) this.end(s);
  }

  private async deliver(message: string): Promise<void> {
    const envelope = JSON.parse(message) as Envelope;
    if ('userId' in envelope) {
      for (const s of this.byUser.get(envelope.userId) ?? []) this.send(s, envelope.event);
      return;
    }
    const watching = [...this.streams].filter((s) => s.bookId === envelope.bookId);
    if (watching.length === 0) return;
    // A member removed since their stream opened hears nothing more of the book.
    const users = [...new Set(watching.map((s) => s.userId))];
    const members = new Set<string>();
    await Promise.all(
      users.map(async (u) => {
        if (await this.isMember(u, envelope.bookId)) members.add(u);
      }),
    );
    for (const s of watching) if (members.has(s.userId)) this.send(s, envelope.event);
  }

  private send(s: Stream, event: LiveEvent): void {
    this.write(s, `id: ${++this.seq}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  private heartbeat(): void {
    for (const s of [...this.streams]) this.write(s, ': ping\n\n');
  }

  private write(s: Stream, text: string): void {
    if (!this.streams.has(s)) return;
    // A reader too slow to take its events is let go; it reconnects and refetches.
    if (s.res.writableLength > this.limits.backlogBytes) return this.end(s);
    s.res.write(text);
  }

  private end(s: Stream): void {
    this.forget(s);
    s.res.end();
  }

  private forget(s: Stream): void {
    this.streams.delete(s);
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine?.size === 0) this.byUser.delete(s.userId);
  }
}
