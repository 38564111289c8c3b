import type { ErrorCode, PermissionCode, PlainMessageKeyFor, RoleKind } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Who in a book may call a route: the members whose role holds a permission code of
 * SPEC section 6 (reads too), or, for the few calls about the caller's own membership
 * (quitting, asking what one may do), any member: 'self'; or its owner alone, whatever
 * codes another role holds ('owner': moving the book to another server, docs/zones.md).
 */
export type BookScope = PermissionCode | 'self' | 'owner';

/** What a book's reports follow (SPEC 9): its time zone, and the days its months (dateGap) and weeks (dayGap) start. */
export interface BookReportSettings {
  currency: string;
  timeZone: string;
  dateGap: number;
  dayGap: number;
}

/** The caller's role in a book: its id, kind and the permission codes it holds. */
export interface BookMembership {
  roleId: string;
  role: RoleKind;
  permissions: readonly string[];
}

/**
 * What a book-scoped handler is given: the book the request is about, the caller's role
 * in it, and the book's report settings (read by the same lookup, so the statistics
 * calls need no query of their own for them).
 */
export interface BookContext extends BookMembership {
  bookId: string;
  settings: BookReportSettings;
}

/** Where a book is when not simply here (modules/zones): moving, or in a private zone. */
export interface BookPlace {
  zoneId: string;
  state: 'migrating' | 'incoming' | 'remote';
}

/**
 * A caller's role in a live book, with the book's settings; and, when read with the token,
 * where the book is (null: here; undefined: not asked).
 */
export type FoundMembership = BookMembership & { settings: BookReportSettings; zone?: BookPlace | null };

/**
 * The caller's place in the Trading-Entity book, when the token's lookup could answer it in
 * the same statement (a token not kept in memory, auth.ts): null when they are not in the book.
 */
export interface KnownMembership {
  bookId: string;
  found: FoundMembership | null;
}

/** Finds the caller's role in a live book, with its settings; undefined when they are not in it (or it is deleted). */
export type BookRoleLookup = (userId: string, bookId: string) => Promise<FoundMembership | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    bookRoleLookup: BookRoleLookup;
  }
}

export function registerBookRoleLookup(app: FastifyInstance, lookup: BookRoleLookup): void {
  app.decorate('bookRoleLookup', lookup);
}

/** Whether a role holds a code. The owner holds every code, whatever its row says. */
export function holds(membership: Pick<BookMembership, 'role' | 'permissions'>, code: PermissionCode): boolean {
  return membership.role === 'owner' || membership.permissions.includes(code);
}

export function allows(membership: Pick<BookMembership, 'role' | 'permissions'>, scope: BookScope): boolean {
  if (scope === 'owner') return membership.role === 'owner';
  return scope === 'self' || holds(membership, scope);
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
  /** The membership read with the token, when it was (auth.ts): no second question. */
  known?: KnownMembership,
): Promise<BookContext> {
  if (!bookId) throw new AppError('book.notNamed');
  if (!/^[1-9][0-9]{0,18}$/.test(bookId)) throw new AppError('book.notFound');
  const found = known?.bookId === bookId ? (known.found ?? undefined) : await app.bookRoleLookup(userId, bookId);
  if (!found) throw new AppError('book.notFound');
  if (!allows(found, scope)) throw new AppError(refusal);
  return { bookId, roleId: found.roleId, role: found.role, permissions: found.permissions, settings: found.settings };
}
