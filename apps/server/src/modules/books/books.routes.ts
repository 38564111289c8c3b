import {
  BOOK_PATHS,
  BookExtRequest,
  BookExtResponse,
  BookIdBody,
  BookIdParams,
  BookListResponse,
  BookQuery,
  BookResponse,
  CloudBookListResponse,
  Permission,
  CreateBookRequest,
  Id,
  CurrentBookInfoResponse,
  DeletedBookListResponse,
  FIELD_LABELS,
  UpdateBookRequest,
  UserInfoLookupRequest,
  UserInfoLookupResponse,
  type Book,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { AppError } from '../../http/errors.ts';
import { bookNotFound } from './books.policy.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { BooksService } from './books.service.ts';

const Version = z.string().regex(/^\d{1,4}(\.\d{1,4}){0,3}$/, 'must be a dotted version');
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
/** Client versions sent when creating a book (from the client's constants file). */
function versions(req: FastifyRequest): { min: string; target: string } {
  const min = header(req, 'min-version') ?? '';
  const target = header(req, 'target-version') ?? '';
  for (const [name, v] of [
    ['Min-Version', min],
    ['Target-Version', target],
  ] as const) {
    if (v && !Version.safeParse(v).success) throw new AppError('validation.versionHeader', { header: name });
  }
  return { min, target };
}

export function registerBooksRoutes(app: FastifyInstance, registry: RegisteredRoute[], books: BooksService): void {
  const tag = 'books';
  const data = <T>(d: T) => ({ data: d });

  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.cloudList,
    tag,
    auth: 'user',
    summary: 'All books of the user (owned and joined)',
    response: CloudBookListResponse,
    handler: async ({ user }) => ({ cloud_book_list: await books.list(requireUser(user).id) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.myBooks,
    tag,
    auth: 'user',
    summary: "The user's books; role_list tells owned from joined",
    response: BookListResponse,
    handler: async ({ user }) => data(await books.list(requireUser(user).id)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.recent,
    tag,
    auth: 'user',
    summary: 'Recently opened books, newest first (at most 10)',
    response: BookListResponse,
    handler: async ({ user }) => data(await books.recent(requireUser(user).id)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.book,
    tag,
    auth: 'user',
    summary: 'One book (query id, or the Trading-Entity)',
    query: BookQuery,
    response: BookResponse,
    book: Permission.BASIC,
    bookId: ({ query, req }) => query.id ?? req.tradingEntity,
    handler: async ({ user, book }) => data(await books.get(requireUser(user).id, book.bookId)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.currentInfo,
    tag,
    auth: 'user',
    summary: 'Open the current book (Trading-Entity, else the default or most recent)',
    response: CurrentBookInfoResponse,
    handler: async ({ user, req }) => {
      const book: Book = await books.open(requireUser(user).id, req.tradingEntity);
      return data({ bookId: book.id, storeId: book.book_template_id, book });
    },
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: BOOK_PATHS.create,
    tag,
    auth: 'user',
    status: 201,
    summary: "Create a book from a template (id = template id), its names in the caller's language",
    body: CreateBookRequest,
    response: BookResponse,
    handler: async ({ user, body, req }) =>
      data(await books.create(requireUser(user).id, body, versions(req), requestLocale(req.headers), req.device?.time_zone)),
  });

  const update = async (userId: string, bookId: string, body: z.output<typeof UpdateBookRequest>) =>
    data(await books.update(userId, bookId, body));
  // Settings belong to those who run the book (there is no permission code for them).
  const settingsScope = { book: Permission.EDIT_BOOK, bookId: ({ params }: { params: { bookId: string } }) => params.bookId } as const;
  const UpdateParams = z.object({ bookId: Id });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: BOOK_PATHS.update,
    tag,
    auth: 'user',
    summary: 'Change name, remark, icon, cover, and the report settings: time zone, month start (date_gap), week start (day_gap)',
    params: UpdateParams,
    body: UpdateBookRequest,
    response: BookResponse,
    ...settingsScope,
    refusal: 'book.settingsForbidden',
    handler: async ({ user, book, body }) => update(requireUser(user).id, book.bookId, body),
  });
  // Clients that cannot send PATCH send POST with X-HTTP-Method-Override: PATCH.
  defineRoute(app, registry, {
    method: 'POST',
    url: BOOK_PATHS.update,
    tag,
    auth: 'user',
    summary: 'The same, as POST with X-HTTP-Method-Override: PATCH',
    params: UpdateParams,
    body: UpdateBookRequest,
    response: BookResponse,
    ...settingsScope,
    refusal: 'book.settingsForbidden',
    handler: async ({ user, book, body, req }) => {
      if (header(req, 'x-http-method-override')?.toUpperCase() !== 'PATCH') throw new AppError('request.overrideNeeded');
      return update(requireUser(user).id, book.bookId, body);
    },
  });

  defineRoute(app, registry, {
    method: 'DELETE',
    url: BOOK_PATHS.deleteBook,
    tag,
    auth: 'user',
    status: 204,
    summary: 'Delete a book (owner; restorable for 30 days). id in the query or the body',
    query: BookQuery,
    book: Permission.DELETE_BOOK,
    refusal: 'book.deleteForbidden',
    bookId: ({ query, req }) => {
      const fromBody = BookIdBody.safeParse(req.body);
      const id = query.id ?? (fromBody.success ? fromBody.data.id : undefined);
      if (!id) throw new AppError('validation.required', { field: FIELD_LABELS.id });
      return id;
    },
    handler: async ({ user, book }) => books.remove(requireUser(user).id, book.bookId),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: BOOK_PATHS.quit,
    tag,
    auth: 'user',
    status: 204,
    summary: 'Quit a book (members; the owner cannot)',
    body: BookIdBody,
    book: 'self',
    bookId: ({ body }) => body.id,
    handler: async ({ user, book }) => books.quit(requireUser(user).id, book),
  });
  defineRoute(app, registry, {
    method: 'PUT',
    url: BOOK_PATHS.setDefault,
    tag,
    auth: 'user',
    status: 204,
    summary: 'Make a book the default (preference default.book_id)',
    params: BookIdParams,
    book: 'self',
    bookId: ({ params }) => params.id,
    handler: async ({ user, book }) => books.setDefault(requireUser(user).id, book.bookId),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.deleted,
    tag,
    auth: 'user',
    summary: 'Deleted books the owner can still restore',
    response: DeletedBookListResponse,
    handler: async ({ user }) => data(await books.deleted(requireUser(user).id)),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: BOOK_PATHS.restore,
    tag,
    auth: 'user',
    summary: 'Restore a deleted book within its window',
    params: BookIdParams,
    response: BookResponse,
    handler: async ({ user, params }) => data(await books.restore(requireUser(user).id, params.id)),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: BOOK_PATHS.bookExt,
    tag,
    auth: 'user',
    summary: "Extension info of the user's books",
    body: BookExtRequest,
    response: BookExtResponse,
    handler: async ({ user, body }) => data(await books.ext(requireUser(user).id, body.ids)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.infoExt,
    tag,
    auth: 'user',
    summary: 'Extension info of one book',
    params: BookIdParams,
    book: Permission.BASIC,
    bookId: ({ params }) => params.id,
    handler: async ({ user, book }) => {
      const [ext] = await books.ext(requireUser(user).id, [book.bookId]);
      if (!ext) throw bookNotFound();
      return data(ext);
    },
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: BOOK_PATHS.userInfo,
    tag,
    auth: 'user',
    summary: 'Names and avatars of users who share a book with the caller',
    body: UserInfoLookupRequest,
    response: UserInfoLookupResponse,
    handler: async ({ user, body }) => data(await books.usersInfo(requireUser(user).id, body.user_ids)),
  });
}
