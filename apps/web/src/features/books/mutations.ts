import { BOOK_PATHS, DEFAULT_BOOK_PREFERENCE, bookPath, type Book, type UpdateBookRequest } from '@cab/contracts/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { request } from '../../api/client.ts';
import { useBookStore } from '../../stores/book.ts';
import { bookKeys } from './queries.ts';

/**
 * Opening a book (SPEC 4): load its currency and creator name, make it the current
 * book, save the default-book preference, reset and reload transactions, open the dashboard.
 */
export async function openBook(qc: QueryClient, bookId: string): Promise<Book> {
  const info = await request<{ data: { bookId: string; storeId: string; book: Book } }>(BOOK_PATHS.currentInfo, { method: 'GET', tradingEntity: bookId });
  useBookStore.getState().setBook(info.data.bookId, info.data.storeId, { currency: info.data.book.currency, creatorName: info.data.book.user_name, name: info.data.book.name });
  await request(BOOK_PATHS.preference, { method: 'PATCH', data: { configs: [{ key: DEFAULT_BOOK_PREFERENCE, value: bookId }] }, loading: false, showError: false }).catch((err: unknown) => {
    console.warn('saving the default book failed', err); // the local choice stands (SPEC 8)
  });
  qc.removeQueries({ queryKey: ['transactions'] });
  void qc.invalidateQueries({ queryKey: bookKeys.recent() });
  return info.data.book;
}

/** Opens a book and its dashboard; from my books, the dashboard's back returns there (fromMyBook). */
export function useOpenBook(fromMyBook = false) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (bookId: string) => openBook(qc, bookId),
    onSuccess: (book) =>
      navigate(`/dashboard/index?TradingEntity=${book.id}&bookName=${encodeURIComponent(book.name)}&memberCount=${book.member_count}${fromMyBook ? '&fromMyBook=1' : ''}`),
  });
}

export function useCreateBook() {
  const qc = useQueryClient();
  const open = useOpenBook();
  return useMutation({
    mutationFn: (v: { templateId: string; name?: string }) =>
      request<{ data: Book }>(BOOK_PATHS.create, { data: { id: v.templateId, ...(v.name ? { name: v.name } : {}) }, headers: { 'Min-Version': '1.0.0', 'Target-Version': '1.5.9' } }).then((r) => r.data),
    onSuccess: async (book) => {
      await qc.invalidateQueries({ queryKey: bookKeys.all });
      open.mutate(book.id);
    },
  });
}

export function useUpdateBook(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateBookRequest) => request<{ data: Book }>(bookPath(BOOK_PATHS.update, { bookId }), { method: 'PATCH', data: patch }).then((r) => r.data),
    onSuccess: (book) => {
      qc.setQueryData(bookKeys.one(book.id), book);
      if (useBookStore.getState().bookId === book.id) useBookStore.getState().setBook(book.id, book.book_template_id, { currency: book.currency, creatorName: book.user_name, name: book.name });
      void qc.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}

/** Deleting (owner) or quitting (member); either way the book leaves this user's lists. */
export function useLeaveBook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ book, owned }: { book: Book; owned: boolean }) =>
      owned ? request(BOOK_PATHS.deleteBook, { method: 'DELETE', data: { id: book.id } }) : request(BOOK_PATHS.quit, { data: { id: book.id } }),
    onSuccess: (_r, { book }) => {
      if (useBookStore.getState().bookId === book.id) useBookStore.getState().clear();
      qc.removeQueries({ queryKey: bookKeys.one(book.id) });
      void qc.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}

export function useSetDefaultBook() {
  return useMutation({ mutationFn: (bookId: string) => request(bookPath(BOOK_PATHS.setDefault, { id: bookId }), { method: 'PUT' }) });
}
