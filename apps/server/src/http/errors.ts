import {
  CODE_DEFAULTS,
  ErrorCode,
  MESSAGES,
  errorStatus,
  renderCatalogued,
  renderMessage,
  type ErrorCodeValue,
  type Locale,
  type MessageArgs,
  type MessageKey,
  type MessageParam,
} from '@cab/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from './locale.ts';

/**
 * A failure the client is meant to see: a catalogue key (and its parameters), never a
 * free-form text, so every answer exists in both languages. The code and status come
 * with the key; the text is chosen when the answer is written, in the caller's language.
 */
export class AppError<K extends MessageKey = MessageKey> extends Error {
  readonly code: ErrorCodeValue;
  readonly status: number;
  readonly params: Readonly<Record<string, MessageParam>>;

  constructor(
    readonly key: K,
    ...args: MessageArgs<K>
  ) {
    // The English text is what logs and stack traces show.
    super(renderMessage(key, 'en', ...args));
    this.params = args[0] ?? {};
    this.code = MESSAGES[key].code;
    this.status = errorStatus[this.code];
  }

  render(locale: Locale): string {
    return renderCatalogued(MESSAGES[this.key], locale, this.params);
  }

  /** An error kept by its key and parameters (a background job's failure, stored) made again. */
  static stored(key: MessageKey, params: Readonly<Record<string, MessageParam>>): AppError {
    return new AppError(key, ...([params] as unknown as MessageArgs<MessageKey>));
  }
}

const FASTIFY_CODES: Record<string, ErrorCodeValue> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.BODY_TOO_LARGE,
  FST_REQ_FILE_TOO_LARGE: ErrorCode.BODY_TOO_LARGE,
  FST_PARTS_LIMIT: ErrorCode.BODY_TOO_LARGE,
  FST_FILES_LIMIT: ErrorCode.BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  FST_INVALID_MULTIPART_CONTENT_TYPE: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.MALFORMED_JSON,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.VALIDATION,
};

/** A code's default text: Fastify's own errors carry English we do not pass on. */
function sendDefault(req: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCodeValue) {
  return reply.status(status).send({ code, message: renderMessage(CODE_DEFAULTS[code], requestLocale(req.headers)) });
}

/** One mapper for every failure: the body is always `{code, message}`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.code, message: err.render(requestLocale(req.headers)) });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped !== undefined) return sendDefault(req, reply, errorStatus[mapped], mapped);
    const status = err.statusCode ?? 500;
    if (status < 500) return sendDefault(req, reply, status, ErrorCode.VALIDATION);
    // The request's one log line (request-log.ts) carries the error.
    req.failure = err;
    return sendDefault(req, reply, 500, ErrorCode.INTERNAL);
  });

  // Once a stop has begun, a request that still arrives on an open connection is turned
  // away with {code, message} (Fastify's own 503 carries another body), and the
  // connection is closed so the client reconnects to whichever server takes over.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!stopping) return done();
    const err = new AppError('request.stopping');
    void reply
      .status(err.status)
      .header('connection', 'close')
      .send({ code: err.code, message: err.render(requestLocale(req.headers)) });
  });

  app.setNotFoundHandler((req, reply) => {
    const err = new AppError('request.noSuchCall', { method: req.method, path: req.url.split('?')[0] ?? '' });
    reply.status(err.status).send({ code: err.code, message: err.render(requestLocale(req.headers)) });
  });
}
