import { ROLE_PERMISSIONS, type ErrorCode, type PermissionCode, type PlainMessageKeyFor } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export type BookRole = 'owner' | 'admin' | 'bookkeeper' | 'viewer';

/**
 * Who in a book may call a route: any member, those who run the book (owner and
 * admin: settings and deleting shared dimensions), or the roles holding a permission
 * code of SPEC section 6.
 */
export type BookScope = 'member' | 'manager' | PermissionCode;

/** What a book's reports follow (SPEC 9): its time zone, and the days its months (dateGap) and weeks (dayGap) start. */
export interface BookReportSettings {
  currency: string;
  timeZone: string;
  dateGap: number;
  dayGap: number;
}

/**
 * What a book-scoped handler is given: the book the request is about, the caller's role
 * in it, and the book's report settings (read by the same lookup, so the statistics
 * calls need no query of their own for them).
 */
export interface BookContext {
  bookId: string;
  role: BookRole;
  settings: BookReportSettings;
}

/** Finds the caller's role in a live book, with its settings; undefined when they are not in it (or it is deleted). */
export type BookRoleLookup = (userId: string, bookId: string) => Promise<{ role: BookRole; settings: BookReportSettings } | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    bookRoleLookup: BookRoleLookup;
  }
}

export function registerBookRoleLookup(app: FastifyInstance, lookup: BookRoleLookup): void {
  app.decorate('bookRoleLookup', lookup);
}

export const MANAGER_ROLES: readonly BookRole[] = ['owner', 'admin'];

export function allows(role: BookRole, scope: BookScope): boolean {
  if (scope === 'member') return true;
  if (scope === 'manager') return MANAGER_ROLES.includes(role);
  return ROLE_PERMISSIONS[role].includes(scope);
}

/**
 * The one membership and permission check: someone outside the book learns nothing
 * about it (404), a member whose role lacks the scope is refused (403).
 */
export async function resolveBook(
  app: FastifyInstance,
  userId: string,
  bookId: string | undefined,
  scope: BookScope,
  refusal: PlainMessageKeyFor<typeof ErrorCode.FORBIDDEN>,
): Promise<BookContext> {
  if (!bookId) throw new AppError('book.notNamed');
  if (!/^[1-9][0-9]{0,18}$/.test(bookId)) throw new AppError('book.notFound');
  const found = await app.bookRoleLookup(userId, bookId);
  if (!found) throw new AppError('book.notFound');
  if (!allows(found.role, scope)) throw new AppError(refusal);
  return { bookId, role: found.role, settings: found.settings };
}
