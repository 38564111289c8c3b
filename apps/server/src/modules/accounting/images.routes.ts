import { ACCOUNTING_PATHS, CapacityResponse, IMAGE_MAX_BYTES, Id, ImageUploadResponse, Permission } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { ImagesService } from './images.service.ts';

const ImageParams = z.object({ bookId: Id, id: Id });

export function registerImageRoutes(app: FastifyInstance, registry: RegisteredRoute[], images: ImagesService): void {
  const tag = 'accounting';
  defineRoute(app, registry, {
    method: 'POST',
    url: ACCOUNTING_PATHS.upload,
    tag,
    auth: 'user',
    book: Permission.ADD_TRANSACTION,
    refusal: 'transaction.forbidden',
    status: 201,
    summary: 'Upload one transaction image (multipart field "file"; PNG, JPEG, GIF or WebP, at most 5120 KB) into the book\'s space',
    response: ImageUploadResponse,
    handler: async ({ book, user, req }) => {
      if (!req.isMultipart()) throw new AppError('image.notMultipart');
      const file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('image.missing');
      const bytes = await file.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('image.tooLarge', { max: IMAGE_MAX_BYTES / 1024 });
        throw err;
      });
      return { data: await images.upload(book.bookId, requireUser(user).id, bytes) };
    },
  });
  // Image bytes go only to members of the image's book, with their bearer token; never from a public path.
  defineRoute(app, registry, {
    method: 'GET',
    url: ACCOUNTING_PATHS.image,
    tag,
    auth: 'user',
    signed: false,
    book: Permission.TRANSACTION_GROUP,
    bookId: ({ params }) => params.bookId,
    summary: 'A transaction image, for members of its book (Authorization required)',
    params: ImageParams,
    handler: async ({ book, params, reply, req }) => {
      // An image never changes under its id, but browsers must ask each time (no-cache): a
      // member removed from the book loses its images at once. The answer after the
      // membership check is then a 304 without the bytes.
      const etag = `"${book.bookId}-${params.id}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      const img = await images.read(book.bookId, params.id);
      return reply.type(img.contentType).send(img.bytes);
    },
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: ACCOUNTING_PATHS.capacity,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The book's cloud space: used and total (MB), and whether pictures may be uploaded",
    response: CapacityResponse,
    handler: async ({ book, req }) => ({ data: await images.capacity(book.bookId, requestLocale(req.headers)) }),
  });
}
