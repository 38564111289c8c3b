import {
  IMPORT_FILE_MAX_MB,
  IMPORT_PATHS,
  ImportColumnsRequest,
  ImportCommitRequest,
  ImportIdParams,
  ImportListResponse,
  ImportResponse,
  ImportRowsQuery,
  ImportRowsResponse,
  ImportUploadFields,
  Permission,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, parsePart, type RegisteredRoute } from '../../http/route.ts';
import type { ImportsService } from './imports.service.ts';

/** The multipart fields sent before the file, as plain values. */
function fieldsOf(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(fields)) {
    const value = (f as { value?: unknown } | undefined)?.value;
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

async function upload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('import.notMultipart');
  // One byte past the limit: storage then sees the file is too large and keeps nothing.
  const file = await req.file({ limits: { fileSize: IMPORT_FILE_MAX_MB * 1024 * 1024 + 1, files: 1, fields: 5 } });
  if (!file) throw new AppError('import.fileMissing');
  return file;
}

export function registerImportRoutes(app: FastifyInstance, registry: RegisteredRoute[], imports: ImportsService): void {
  const tag = 'imports';
  const scope = { auth: 'user', book: Permission.ADD_TRANSACTION, refusal: 'transaction.forbidden', tag } as const;
  defineRoute(app, registry, {
    ...scope,
    method: 'POST',
    url: IMPORT_PATHS.imports,
    status: 201,
    summary:
      'Import a file (multipart: the fields source, password and date_format first, then "file"); answers once its first rows are read, or refuses a file it cannot read',
    response: ImportResponse,
    handler: async ({ book, user, req }) => {
      const file = await upload(req);
      const fields = parsePart(ImportUploadFields, fieldsOf(file.fields), 'body', undefined);
      const data = await imports.upload(
        book,
        requireUser(user).id,
        { fileName: file.filename, stream: file.file, source: fields.source, password: fields.password, dateFormat: fields.date_format },
        requestLocale(req.headers),
      );
      return { data };
    },
  });
  defineRoute(app, registry, {
    ...scope,
    method: 'GET',
    url: IMPORT_PATHS.imports,
    summary: "The book's latest imports, newest first",
    response: ImportListResponse,
    handler: async ({ book, req }) => ({ data: await imports.list(book, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    ...scope,
    method: 'GET',
    url: IMPORT_PATHS.item,
    summary: 'One import: where it stands, its counts and progress; when ready, its names and the defaults suggested',
    params: ImportIdParams,
    response: ImportResponse,
    handler: async ({ book, params, req }) => ({ data: await imports.get(book, params.id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    ...scope,
    method: 'GET',
    url: IMPORT_PATHS.rows,
    summary: 'The rows read from the file, by line: records, skipped lines, problems or duplicates',
    params: ImportIdParams,
    query: ImportRowsQuery,
    response: ImportRowsResponse,
    handler: async ({ book, params, query, req }) =>
      imports.rows(book, params.id, query.kind, query.after, query.limit, requestLocale(req.headers)),
  });
  defineRoute(app, registry, {
    ...scope,
    method: 'PUT',
    url: IMPORT_PATHS.columns,
    summary: "A sheet's column mapping; its rows are then read",
    params: ImportIdParams,
    body: ImportColumnsRequest,
    response: ImportResponse,
    handler: async ({ book, params, body, req }) => ({
      data: await imports.columns(book, params.id, body.mapping, body.password, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    ...scope,
    method: 'POST',
    url: IMPORT_PATHS.commit,
    status: 202,
    summary: 'Record the rows with these choices of names, defaults and duplicates, all or nothing, in the background',
    params: ImportIdParams,
    body: ImportCommitRequest,
    response: ImportResponse,
    handler: async ({ book, params, body, req }) => ({ data: await imports.commit(book, params.id, body, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    ...scope,
    method: 'DELETE',
    url: IMPORT_PATHS.item,
    status: 204,
    summary: 'Cancel an import before it is recorded: its rows and file are dropped',
    params: ImportIdParams,
    handler: async ({ book, params }) => imports.cancel(book, params.id),
  });
}
