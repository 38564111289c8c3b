import {
  BRIDGE_VERSION,
  CALL_TIMEOUT_MS,
  HELLO_TIMEOUT_MS,
  NATIVE_BRIDGE,
  NATIVE_RECEIVE,
  POLL_INTERVAL_MS,
  POLL_TRIES,
  UNSIGNED_CALLS,
  USER_CALLS,
  USER_CALL_TIMEOUT_MS,
  type BridgeAnswer,
  type BridgeRequest,
  type HostArgs,
  type HostCall,
  type HostEnv,
  type HostErrorCode,
  type HostId,
  type HostResult,
  type SdkSignature,
} from './protocol.ts';
import { knownHostEnv, requestedHost, setKnownHostEnv } from '../lib/host-env.ts';

export { knownHostEnv, requestedHost };

/**
 * The page's side of the host bridge (docs/host.md, "The bridge"). Small on purpose: it
 * is in the first load, and outside a host (no `cab_host` in the address) it does
 * nothing at all. Sign-in, signatures, top bar and share build on it and load later.
 */

/** Why a host call did not answer: outside a host, the host failed or refused, or it never answered. */
export type HostFailure = 'notInHost' | 'failed' | 'timeout' | 'denied' | 'signature';

export class HostError extends Error {
  constructor(
    readonly kind: HostFailure,
    readonly call: HostCall,
    readonly code?: HostErrorCode,
    detail?: string,
  ) {
    super(detail ? `${call}: ${kind} (${detail})` : `${call}: ${kind}`);
    this.name = 'HostError';
  }
}

interface Transport {
  send: (msg: BridgeRequest) => void;
}
interface Connection {
  host: HostId;
  hello: HostResult<'hello'>;
  transport: Transport;
}
interface Pending {
  call: HostCall;
  resolve: (data: unknown) => void;
  reject: (err: HostError) => void;
}

const pending = new Map<number, Pending>();
let nextId = 1;

const errorKind = (code: HostErrorCode): HostFailure =>
  code === 'DENIED' ? 'denied' : code === 'SIGNATURE_INVALID' || code === 'SIGNATURE_REQUIRED' ? 'signature' : 'failed';

/** An answer from the host: anything that is not one of ours (another script's message) is ignored. */
function receive(raw: unknown): void {
  let msg: unknown = raw;
  if (typeof raw === 'string') {
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
  }
  if (!msg || typeof msg !== 'object') return;
  const answer = msg as Partial<BridgeAnswer>;
  if (answer.cab_bridge !== BRIDGE_VERSION || typeof answer.id !== 'number') return;
  const waiting = pending.get(answer.id);
  if (!waiting) return;
  pending.delete(answer.id);
  if (answer.ok === true && 'data' in answer) waiting.resolve(answer.data ?? {});
  else if (answer.ok === false && answer.error) {
    waiting.reject(new HostError(errorKind(answer.error.code), waiting.call, answer.error.code, answer.error.message));
  } else waiting.reject(new HostError('failed', waiting.call, 'FAILED', 'malformed answer'));
}

const timeoutOf = (call: HostCall) => (USER_CALLS.includes(call) ? USER_CALL_TIMEOUT_MS : CALL_TIMEOUT_MS);

function send<C extends HostCall>(t: Transport, call: C, args: HostArgs<C>, timeoutMs = timeoutOf(call)): Promise<HostResult<C>> {
  const id = nextId++;
  return new Promise<HostResult<C>>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new HostError('timeout', call));
    }, timeoutMs);
    const done = () => clearTimeout(timer);
    pending.set(id, {
      call,
      resolve: (data) => {
        done();
        resolve(data as HostResult<C>);
      },
      reject: (err) => {
        done();
        reject(err);
      },
    });
    try {
      t.send({ cab_bridge: BRIDGE_VERSION, id, call, args });
    } catch (err) {
      pending.delete(id);
      done();
      reject(new HostError('failed', call, 'FAILED', err instanceof Error ? err.message : undefined));
    }
  });
}

/** The origin of the page that frames this one (the host's), when framed. */
function parentOrigin(): string | undefined {
  const listed = window.location.ancestorOrigins?.[0];
  if (listed) return listed === 'null' ? undefined : listed;
  if (!document.referrer || !URL.canParse(document.referrer)) return undefined;
  const origin = new URL(document.referrer).origin;
  return origin === 'null' ? undefined : origin;
}

/** A host that frames the page (the test host; hosts that embed on the web): window messages, both ways checked by origin. */
function frameTransport(): Transport | undefined {
  if (window.parent === window) return undefined;
  const origin = parentOrigin();
  if (!origin) return undefined;
  window.addEventListener('message', (e) => {
    if (e.source === window.parent && e.origin === origin) receive(e.data);
  });
  return { send: (msg) => window.parent.postMessage(msg, origin) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type NativeBridge = { postMessage: (json: string) => void };
const globals = () => window as unknown as Record<string, unknown>;

/** A native webview's injected object: it may arrive a little after the page starts (SPEC 9: every 100 ms, 20 tries). */
async function nativeTransport(): Promise<Transport | undefined> {
  for (let i = 0; i < POLL_TRIES; i++) {
    const bridge = globals()[NATIVE_BRIDGE] as Partial<NativeBridge> | undefined;
    if (bridge && typeof bridge.postMessage === 'function') {
      const post = bridge.postMessage.bind(bridge);
      globals()[NATIVE_RECEIVE] = receive;
      return { send: (msg) => post(JSON.stringify(msg)) };
    }
    await sleep(POLL_INTERVAL_MS);
  }
  return undefined;
}

/** The page's address as a signature names it: without the hash, which changes as the user moves. */
export const pageUrl = () => window.location.href.split('#')[0] ?? '';

async function connect(): Promise<Connection | undefined> {
  const wanted = requestedHost();
  if (!wanted) return undefined;
  const transport = frameTransport() ?? (await nativeTransport());
  if (!transport) return undefined;
  try {
    const hello = await send(transport, 'hello', { version: BRIDGE_VERSION, url: pageUrl() }, HELLO_TIMEOUT_MS);
    // A host that says it is another partner than the address asked for is not trusted as either.
    if (hello.host !== wanted) return undefined;
    return { host: hello.host, hello, transport };
  } catch {
    return undefined;
  }
}

let connection: Promise<Connection | undefined> | undefined;

function connected(): Promise<Connection | undefined> {
  connection ??= connect().then((c) => {
    setKnownHostEnv(c?.host ?? 'browser');
    return c;
  });
  return connection;
}

/** Which environment the page runs in: partner A, partner B or a plain browser (at once when the address names no host). */
export async function hostEnv(): Promise<HostEnv> {
  return (await connected())?.host ?? 'browser';
}
/** What the host said of itself in the handshake (status bar height, platform). */
export async function hostHello(): Promise<HostResult<'hello'> | undefined> {
  return (await connected())?.hello;
}

/** Where signatures come from (signature.ts: CAB's GET, kept 23 h); `fresh` skips what was kept. */
export type SignatureSource = (host: HostId, url: string, fresh: boolean) => Promise<SdkSignature>;
let signatureSource: SignatureSource | undefined;
let skipFirstVerify = false;
let verification: Promise<void> | undefined;

/** Installs where signatures come from; `skipFirst` is SPEC 9's start-up skip on a test network (signature.ts decides). */
export function setSignatureSource(source: SignatureSource, skipFirst = false): void {
  signatureSource = source;
  skipFirstVerify = skipFirst;
}

async function verifyWith(conn: Connection, fresh: boolean): Promise<void> {
  if (!signatureSource) throw new HostError('signature', 'signature.verify', 'SIGNATURE_REQUIRED', 'no signature source');
  const sig = await signatureSource(conn.host, pageUrl(), fresh);
  await send(conn.transport, 'signature.verify', sig);
}

/** The page's signature, verified once by the host; a kept one that fails is fetched again once (SPEC 8). */
function verified(conn: Connection, fresh: boolean): Promise<void> {
  if (!fresh && !verification && skipFirstVerify) {
    skipFirstVerify = false;
    verification = Promise.resolve();
  }
  if (fresh || !verification) {
    verification = verifyWith(conn, fresh).catch((err: unknown) => {
      if (!fresh && err instanceof HostError && err.kind === 'signature') return verifyWith(conn, true);
      throw err;
    });
    verification.catch(() => {
      verification = undefined;
    });
  }
  return verification;
}

/** One typed call to the host; outside a host it fails with kind `notInHost` (SPEC 8's messages: messages.ts). */
export async function hostCall<C extends HostCall>(call: C, args: HostArgs<C>): Promise<HostResult<C>> {
  const conn = await connected();
  if (!conn) throw new HostError('notInHost', call);
  if (UNSIGNED_CALLS.includes(call)) return send(conn.transport, call, args);
  await verified(conn, false);
  try {
    return await send(conn.transport, call, args);
  } catch (err) {
    // The host forgot or refused the signature it had: one retry with a signature fetched anew.
    if (!(err instanceof HostError) || err.kind !== 'signature') throw err;
    await verified(conn, true);
    return send(conn.transport, call, args);
  }
}

/** SPEC 5: only the host app may verify the SDK signature; elsewhere 'current environment is not the host app'. */
export async function verifySignature(): Promise<void> {
  const conn = await connected();
  if (!conn) throw new HostError('notInHost', 'signature.verify');
  await verified(conn, false);
}

/** For tests: forget the handshake and everything learnt from it. */
export function resetBridgeForTests(): void {
  connection = undefined;
  setKnownHostEnv(undefined);
  verification = undefined;
  signatureSource = undefined;
  skipFirstVerify = false;
  pending.clear();
  delete globals()[NATIVE_RECEIVE];
}
