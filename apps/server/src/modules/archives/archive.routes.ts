import { ARCHIVE_MAX_MB, ARCHIVE_PATHS, ArchiveImportResponse } from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { ArchiveService } from './archive.service.ts';

async function upload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('archive.notMultipart');
  // One byte past the limit: storage then sees the file is too large and keeps nothing.
  const file = await req.file({ limits: { fileSize: ARCHIVE_MAX_MB * 1024 * 1024 + 1, files: 1, fields: 5 } });
  if (!file) throw new AppError('archive.fileMissing');
  return file;
}

export function registerArchiveRoutes(app: FastifyInstance, registry: RegisteredRoute[], archives: ArchiveService): void {
  const tag = 'archives';
  defineRoute(app, registry, {
    method: 'GET',
    url: ARCHIVE_PATHS.export,
    tag,
    auth: 'user',
    // The archive holds the members, their roles and the activity log: the owner's alone.
    book: 'owner',
    summary: 'The Trading-Entity book whole as a zip (its rows of every table, its images, a manifest), streamed as a download',
    handler: async ({ book, user, reply }) => {
      const file = await archives.export(book.bookId, requireUser(user).id);
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', file.disposition)
          // The whole book: kept by no cache on the way.
          .header('cache-control', 'private, no-store')
          .send(file.body)
      );
    },
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: ARCHIVE_PATHS.import,
    tag,
    auth: 'user',
    status: 201,
    summary: 'A new book of the caller\'s from a book archive (multipart: "file"), all or nothing; a damaged archive is refused',
    response: ArchiveImportResponse,
    handler: async ({ user, req }) => {
      const file = await upload(req);
      return { data: await archives.import(requireUser(user).id, file.file) };
    },
  });
}
