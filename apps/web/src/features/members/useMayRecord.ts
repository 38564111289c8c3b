import { Permission } from '@cab/contracts/client';
import { useBook } from '../books/queries.ts';
import { useBookPermissions } from './permissions.ts';

const RECORD_CODES: readonly string[] = [Permission.ADD_TRANSACTION, Permission.EDIT_TRANSACTION];

/**
 * Whether the caller's role in the book may save here: add a record (010001), or, when
 * editing one, change it (010002). Kept locally per book and role (SPEC 6), so the
 * accounting screen draws at once; true until known (the server refuses regardless).
 */
export function useMayRecord(bookId: string, editing: boolean): boolean {
  const book = useBook(bookId);
  const perms = useBookPermissions(bookId, book.data?.role_list[0]?.role_id, RECORD_CODES);
  if (!perms.data) return true;
  return perms.allowed(editing ? Permission.EDIT_TRANSACTION : Permission.ADD_TRANSACTION);
}
