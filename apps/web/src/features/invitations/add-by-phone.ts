import { MEMBER_PATHS, bookPath, type AddMemberResult, type BlockedBook } from '@cab/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { invitationKeys } from './api.ts';

/**
 * Adding by phone (docs/members.md, "Adding by phone"): the book's side asks whoever has a
 * number, and hears the same whoever it is; the added user's side lists the books they
 * stopped from asking and lets one ask again.
 */
export const blockedBooksQuery = () =>
  queryOptions({
    queryKey: invitationKeys.blocked(),
    queryFn: () =>
      request<{ data: BlockedBook[] }>(MEMBER_PATHS.blockedBooks, {
        method: 'GET',
        loading: false,
        showError: false,
        tradingEntity: '',
      }).then((r) => r.data),
  });

export function useBlockedBooks() {
  return useQuery(blockedBooksQuery());
}

/** Asks whoever has the number to join with the role; a refusal (a limit too) is toasted with the server's words. */
export function useAddByPhone(bookId: string) {
  return useMutation({
    mutationFn: (body: { phone: string; role_id: string; remark?: string }) =>
      request<{ data: AddMemberResult }>(MEMBER_PATHS.addMember, { method: 'POST', data: { ...body }, tradingEntity: bookId }).then(
        (r) => r.data,
      ),
  });
}

/** Lets a blocked book ask again; the list follows at once. */
export function useAllowBook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) =>
      request(bookPath(MEMBER_PATHS.blockedBook, { bookId }), { method: 'DELETE', tradingEntity: '' }).then(() => bookId),
    onSuccess: (bookId) => {
      qc.setQueryData<BlockedBook[]>(invitationKeys.blocked(), (list) => list?.filter((b) => b.book_id !== bookId));
      void qc.invalidateQueries({ queryKey: invitationKeys.blocked() });
    },
  });
}
