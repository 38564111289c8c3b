import { Redis } from 'ioredis';

/**
 * Messages between the server instances that share one database: what one instance
 * changed, so the others drop what they keep in memory about it. In-process when there is
 * one instance; Redis pub/sub when REDIS_URL is set.
 */
export interface Broadcast {
  /**
   * Sends to every instance. Resolves once the message is on its way to all of them (Redis
   * has answered: it writes the message to its subscribers' connections in the same step
   * as its answer to the publisher), so a caller that waits for it before answering its
   * client knows another instance has it before that client's next request can arrive
   * there. Never rejects: a failure is reported.
   */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with every message on the channel, this instance's own included. */
  subscribe(channel: string, listener: (message: string) => void): void;
  close(): Promise<void>;
}

export class MemoryBroadcast implements Broadcast {
  private readonly listeners = new Map<string, Array<(message: string) => void>>();

  async publish(channel: string, message: string): Promise<void> {
    for (const listener of this.listeners.get(channel) ?? []) listener(message);
  }

  subscribe(channel: string, listener: (message: string) => void): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** How long a caller waits for Redis to take a message (it answers in a millisecond or two when it is there). */
const PUBLISH_WAIT_MS = 500;

/** Pub/sub over Redis: a subscribed connection cannot send other commands, so there are two. */
export class RedisBroadcast implements Broadcast {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly listeners = new Map<string, Array<(message: string) => void>>();

  constructor(
    url: string,
    private readonly prefix = 'cab:',
    private readonly onError: (err: unknown, channel: string) => void = (err, channel) =>
      console.error(`broadcast on ${channel} failed: ${String(err)}`),
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub.on('message', (channel: string, message: string) => {
      for (const listener of this.listeners.get(channel) ?? []) listener(message);
    });
  }

  publish(channel: string, message: string): Promise<void> {
    // ioredis retries a failed publish; one it still cannot send is reported.
    const sent = this.pub.publish(this.prefix + channel, message).then(
      () => undefined,
      (err: unknown) => this.onError(err, channel),
    );
    // A Redis that is away (reconnecting) must not hold every write's answer: waited for PUBLISH_WAIT_MS at most.
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)));
    return Promise.race([sent, bound]).finally(() => clearTimeout(timer));
  }

  subscribe(channel: string, listener: (message: string) => void): void {
    const name = this.prefix + channel;
    if (!this.listeners.has(name)) void this.sub.subscribe(name);
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  /** Resolves once the subscriptions are in place (a test waits for it before publishing elsewhere). */
  async ready(): Promise<void> {
    await Promise.all([...this.listeners.keys()].map((name) => this.sub.subscribe(name)));
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    await this.pub.quit().catch(() => undefined);
  }
}
