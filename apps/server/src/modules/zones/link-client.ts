import type { Clock } from '../../platform/clock.ts';
import { signLink } from './link-sign.ts';

/** Where a signed call goes: the other side's address, the zone id both sign with, and the secret. */
export interface LinkPeer {
  baseUrl: string;
  zoneId: string;
  secret: string;
}

/**
 * A signed call that did not get a good answer: `offline` when the other side did not answer
 * at all (down, unreachable, too slow), otherwise its status and {code, message}.
 */
export class LinkError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** The server-to-server calls (docs/zones.md): JSON both ways, signed with the zone's secret, within a time limit. */
export class LinkClient {
  constructor(
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  async call<T>(peer: LinkPeer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      ...signLink(peer.secret, { zoneId: peer.zoneId, method, path, body: text }, this.clock.now()),
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const send = () =>
      fetch(peer.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    let res: Response;
    try {
      // Once more at once when the connection failed: a kept-alive connection to a zone that
      // restarted is dead, and every call here may be sent twice (they are idempotent).
      res = await send().catch((err: unknown) => (isTimeout(err) ? Promise.reject(err) : send()));
    } catch (err) {
      throw new LinkError(`${peer.baseUrl} did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    const answer = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = answer ? JSON.parse(answer) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const e = (json ?? {}) as { code?: unknown; message?: unknown };
      const message = typeof e.message === 'string' ? e.message : answer.slice(0, 200);
      // A proxy's 502-504 in front of a stopped zone is the zone not answering.
      throw new LinkError(
        `${path} answered ${res.status}: ${message}`,
        res.status >= 502 && res.status <= 504,
        res.status,
        typeof e.code === 'number' ? e.code : undefined,
      );
    }
    return (json as { data: T }).data;
  }
}
