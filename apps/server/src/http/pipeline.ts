import { Device, Id } from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type TokenVerifier } from './auth.ts';
import { AppError } from './errors.ts';
import { verifySignature, type SignatureDeps } from './signature.ts';

export interface PipelineDeps extends SignatureDeps {
  tokens: TokenVerifier;
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
    if (config.signed) await verifySignature(req, deps);
    if (config.auth && config.auth !== 'none')
      await authenticate(req, deps.tokens, config.auth === 'user', config.entityBook ? req.tradingEntity : undefined);
  });
}
