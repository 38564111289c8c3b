import { Device, Id } from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type TokenVerifier } from './auth.ts';
import { AppError } from './errors.ts';
import { verifySignature, type SignatureDeps } from './signature.ts';

export interface PipelineDeps extends SignatureDeps {
  tokens: TokenVerifier;
}

/**
 * The zones' signatures (modules/zones/link-auth.ts): a server-to-server call's caller,
 * and, on a private zone, the user a call forwarded by the public zone is for.
 */
export interface ZoneLinkAuth {
  /** Checks a server-to-server call's signature; refuses (401) one that does not hold. */
  verifyCaller(req: FastifyRequest): Promise<void>;
  /** The user of a call the public zone forwarded (undefined: not a forwarded call); refuses one whose signature does not hold. */
  forwardedUser(req: FastifyRequest): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    zoneLink: ZoneLinkAuth | null;
  }
}

/** Devices seen lately, by their header's text: a client sends the same one with every call. */
const knownDevices = new Map<string, Device>();
const KNOWN_DEVICES_MAX = 1000;

function parseDevice(req: FastifyRequest): void {
  const raw = req.headers.device;
  if (raw === undefined) return;
  const text = Array.isArray(raw) ? raw[0] : raw;
  const known = text === undefined ? undefined : knownDevices.get(text);
  if (known) {
    req.device = known;
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw new AppError('request.deviceNotJson');
  }
  const res = Device.safeParse(json);
  if (!res.success) throw new AppError('request.deviceBadFields');
  if (knownDevices.size >= KNOWN_DEVICES_MAX) knownDevices.clear();
  if (text !== undefined) knownDevices.set(text, Object.freeze(res.data));
  req.device = res.data;
}

/** Book context: "0" or empty means none; otherwise the id the book-scoped routes check. */
function parseTradingEntity(req: FastifyRequest): void {
  const raw = req.headers['trading-entity'];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!v || v === '0') return;
  if (!Id.safeParse(v).success) throw new AppError('request.badTradingEntity');
  req.tradingEntity = v;
}

/**
 * The request pipeline: device -> signature -> bearer token -> book context. It keeps
 * the raw JSON text, because the signature covers the body exactly as sent.
 */
export function registerPipeline(app: FastifyInstance, deps: PipelineDeps): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('device', undefined);
  app.decorateRequest('tradingEntity', undefined);
  app.decorateRequest('knownMembership', undefined);
  app.decorateRequest('linkCaller', undefined);
  app.decorate('zoneLink', null);
  app.decorate('zoneGate', null);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('request.malformedJson'), undefined);
    }
  });

  app.addHook('onRequest', async (req) => {
    parseDevice(req);
    parseTradingEntity(req);
  });

  app.addHook('preHandler', async (req) => {
    const config = req.routeOptions.config;
    if (config.link) {
      if (!app.zoneLink) throw new AppError('zones.linkRefused');
      return app.zoneLink.verifyCaller(req);
    }
    // On a private zone, the public zone's signature stands for the client's and its user's.
    const forwarded = await app.zoneLink?.forwardedUser(req);
    if (forwarded) {
      req.user = { id: forwarded, familyId: '' };
      return;
    }
    if (config.signed) await verifySignature(req, deps);
    if (config.auth && config.auth !== 'none')
      await authenticate(req, deps.tokens, config.auth === 'user', config.entityBook ? req.tradingEntity : undefined);
  });
}
