import { Permission } from '@cab/contracts/client';
import { useBook } from '../books/queries.ts';
import { useBookPermissions } from './permissions.ts';

const RECORD_CODES: readonly string[] = [Permission.ADD_TRANSACTION, Permission.EDIT_TRANSACTION];

/** Whether the caller's role may record: known allowed, known refused, or not known yet. */
export type RecordAccess = 'allowed' | 'refused' | 'unknown';

/**
 * Whether the caller's role in the book may add a record (010001), or, when `editing`,
 * change one (010002). Kept locally per book and role (SPEC 6), so screens draw at once.
 */
export function useRecordAccess(bookId: string, editing: boolean): RecordAccess {
  const book = useBook(bookId);
  const perms = useBookPermissions(bookId, book.data?.role_list[0]?.role_id, RECORD_CODES);
  if (!perms.data) return 'unknown';
  return perms.allowed(editing ? Permission.EDIT_TRANSACTION : Permission.ADD_TRANSACTION) ? 'allowed' : 'refused';
}

/**
 * Whether the accounting screen offers saving: true until known (the server refuses
 * regardless), so the form of a role that may record never waits for the answer.
 */
export function useMayRecord(bookId: string, editing: boolean): boolean {
  return useRecordAccess(bookId, editing) !== 'refused';
}
