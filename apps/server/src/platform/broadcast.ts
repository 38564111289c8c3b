import { Redis } from 'ioredis';

/**
 * Messages between the server instances that share one database: what one instance
 * changed, so the others drop what they keep in memory about it. In-process when there is
 * one instance; Redis pub/sub when REDIS_URL is set.
 */
export interface Broadcast {
  publish(channel: string, message: string): void;
  /** Calls `listener` with every message on the channel, this instance's own included. */
  subscribe(channel: string, listener: (message: string) => void): void;
  close(): Promise<void>;
}

export class MemoryBroadcast implements Broadcast {
  private readonly listeners = new Map<string, Array<(message: string) => void>>();

  publish(channel: string, message: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener(message);
  }

  subscribe(channel: string, listener: (message: string) => void): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

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

  publish(channel: string, message: string): void {
    // ioredis retries a failed publish; one it still cannot send is reported.
    void this.pub.publish(this.prefix + channel, message).catch((err: unknown) => this.onError(err, channel));
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
