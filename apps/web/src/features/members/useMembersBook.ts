import { Permission } from '@cab/contracts/client';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { useBook } from '../books/queries.ts';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { useBookPermissions } from './permissions.ts';

/** What the members screens ask the server they may do (SPEC 6, members-page abilities). */
export const MEMBER_PAGE_CODES: readonly string[] = [
  Permission.ADD_MEMBER,
  Permission.MEMBER_DETAIL,
  Permission.DELETE_MEMBER,
  Permission.MEMBER_APPROVAL,
  Permission.MEMBER_BASIC_DETAIL,
  Permission.EDIT_MEMBER,
  Permission.ROLE_EDIT,
  Permission.SENSITIVE,
];

/**
 * The book a members screen is about (its `bookId` parameter, else the current book),
 * the caller's role in it, and what that role may do there, asked afresh on every
 * visit (drawn from the kept answer meanwhile).
 */
export function useMembersBook() {
  const [params] = useSearchParams();
  const current = effectiveBookId(useBookStore((s) => s.bookId));
  const bookId = params.get('bookId') || current;
  const book = useBook(bookId);
  const myRole = book.data?.role_list[0];
  const perms = useBookPermissions(bookId, myRole?.role_id, MEMBER_PAGE_CODES, { staleTime: 0 });
  return { bookId, book, perms, isOwner: myRole?.role_name === 'owner', params };
}

export type MembersBook = ReturnType<typeof useMembersBook>;

/** A link to another members screen of the same book. */
export const withBook = (path: string, bookId: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ bookId, ...extra }).toString()}`;
