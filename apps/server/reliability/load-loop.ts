/**
 * The open loop of the load tests (load.test.ts, cluster.test.ts): requests leave on a
 * fixed schedule whatever the earlier ones are doing, and each latency runs from the
 * moment the request was due to the end of its answer, so a stall shows as the latencies
 * of everything queued behind it, not as fewer requests (coordinated omission).
 */
import { signedFetch } from '../test/process.ts';
import type { Planned } from './load-mix.ts';
import { sleep } from './load-measure.ts';

export interface Outcome {
  name: string;
  write: boolean;
  /** From the moment the request was due to the end of its last attempt's answer (retries included). */
  ms: number;
  /** The last attempt's status; 0 when it got no whole answer (a refused or reset connection, a cut body). */
  status: number;
  doneAt: number;
  attempts: number;
  /** The last attempt's id (see Attempt). */
  attemptId: string;
}

/** One sending of a planned call: a retry is another attempt of the same call. */
export interface Attempt {
  /** Sent as X-Request-Id when the loop names attempts, so a proxy's log line can be found. */
  id: string;
  name: string;
  method: Planned['method'];
  url: string;
  write: boolean;
  sentAt: number;
  doneAt: number;
  status: number;
  error?: string;
}

export interface RunResult {
  outcomes: Outcome[];
  /** The calls that did not end in a 2xx, one line each (after any retries). */
  failures: string[];
  /** Every attempt that was not answered 2xx, retried or not. */
  failedAttempts: Attempt[];
  attempts: number;
  start: number;
  end: number;
  /** How late the client itself sent a request (its own event loop busy): counted in latency too. */
  maxLateMs: number;
  maxInFlight: number;
}

export interface LoopOptions {
  /**
   * After a failed attempt: how long to wait before sending the call again, as it was
   * (its Idempotency-Key kept, a fresh signature and nonce), or undefined to give up.
   */
  retry?: (p: Planned, failed: Attempt, attempt: number) => number | undefined;
  /** Names every attempt `<prefix><n>` in an X-Request-Id header. */
  requestIds?: string;
}

const describe = (err: unknown) => (err instanceof Error && err.cause ? `${String(err)} (${String(err.cause)})` : String(err));

/** Sends `rate` planned calls a second for `seconds`, each at its due time whatever the others are doing. */
export async function openLoop(
  base: string,
  plan: () => Planned,
  rate: number,
  seconds: number,
  options: LoopOptions = {},
): Promise<RunResult> {
  const outcomes: Outcome[] = [];
  const failures: string[] = [];
  const failedAttempts: Attempt[] = [];
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const sent: Array<Promise<void>> = [];
  let attempts = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let maxLateMs = 0;

  const attempt = async (p: Planned): Promise<{ a: Attempt; text: string }> => {
    const id = `${options.requestIds ?? ''}${attempts++}`;
    const headers = options.requestIds ? { ...p.headers, 'x-request-id': id } : p.headers;
    const a: Attempt = { id, name: p.name, method: p.method, url: p.url, write: p.write, sentAt: performance.now(), doneAt: 0, status: 0 };
    let text = '';
    try {
      const res = await signedFetch(base, p.method, p.url, p.body, p.token, headers);
      // The status counts only once the whole body is in: a body cut short is no answer.
      text = await res.text();
      a.status = res.status;
    } catch (err) {
      // A refused or reset connection, or a body cut short.
      a.error = describe(err);
    }
    a.doneAt = performance.now();
    if (a.status < 200 || a.status >= 300) failedAttempts.push(a);
    return { a, text };
  };

  const fire = async (due: number) => {
    const p = plan();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let tries = 0;
    let last: Attempt | undefined;
    try {
      for (;;) {
        const { a, text } = await attempt(p);
        tries++;
        last = a;
        if (a.status >= 200 && a.status < 300) {
          p.done?.(text ? JSON.parse(text) : null);
          break;
        }
        const wait = options.retry?.(p, a, tries);
        if (wait === undefined) {
          failures.push(
            `${p.name}: ${p.method} ${p.url} ${a.error ? `failed: ${a.error}` : `answered ${a.status} ${text.slice(0, 200)}`}` +
              (tries > 1 ? ` (attempt ${tries})` : ''),
          );
          break;
        }
        await sleep(wait);
      }
    } catch (err) {
      // An answer that is not JSON, or a `done` that could not read it.
      failures.push(`${p.name}: ${p.method} ${p.url} failed: ${describe(err)}`);
    } finally {
      inFlight--;
      p.settle?.();
      const doneAt = performance.now();
      outcomes.push({
        name: p.name,
        write: p.write,
        ms: doneAt - due,
        status: last?.status ?? 0,
        doneAt,
        attempts: tries,
        attemptId: last?.id ?? '',
      });
    }
  };

  const start = performance.now();
  for (let i = 0; i < total;) {
    const now = performance.now();
    for (; i < total && start + i * interval <= now; i++) {
      maxLateMs = Math.max(maxLateMs, now - (start + i * interval));
      sent.push(fire(start + i * interval));
    }
    if (i < total) await sleep(Math.max(0, start + i * interval - performance.now()));
  }
  await Promise.all(sent);
  const end = outcomes.reduce((m, o) => Math.max(m, o.doneAt), start);
  return { outcomes, failures, failedAttempts, attempts, start, end, maxLateMs, maxInFlight };
}
