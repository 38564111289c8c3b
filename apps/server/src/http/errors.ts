import { ErrorCode, errorStatus, type ErrorCodeValue } from '@cab/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';

/** A failure the client is meant to see: it becomes `{code, message}` with the code's status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    status?: number,
  ) {
    super(message);
    this.status = status ?? errorStatus[code];
  }
}

export function describeZodError(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
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

/** One mapper for every failure: the body is always `{code, message}`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.code, message: err.message });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped !== undefined) {
      return reply.status(errorStatus[mapped]).send({ code: mapped, message: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ code: ErrorCode.VALIDATION, message: err.message });
    }
    // The request's one log line (request-log.ts) carries the error.
    req.failure = err;
    return reply.status(500).send({ code: ErrorCode.INTERNAL, message: 'internal server error' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: `no such call: ${req.method} ${req.url.split('?')[0]}` });
  });
}
