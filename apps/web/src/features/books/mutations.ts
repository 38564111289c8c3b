import { BOOK_PATHS, DEFAULT_BOOK_PREFERENCE, bookPath, type Book, type UpdateBookRequest } from '@cab/contracts/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/hash-router.tsx';
import { learnTimeZone, request } from '../../api/client.ts';
import { useBookStore, useLeftBooks } from '../../stores/book.ts';
import { bookKeys } from './queries.ts';

/**
 * Opening a book (SPEC 4): load its currency and creator name, make it the current
 * book, save the default-book preference, reset and reload transactions, open the dashboard.
 */
export async function openBook(qc: QueryClient, bookId: string): Promise<Book> {
  const info = await request<{ data: { bookId: string; storeId: string; book: Book } }>(BOOK_PATHS.currentInfo, {
    method: 'GET',
    tradingEntity: bookId,
  });
  useLeftBooks.getState().forget(info.data.bookId);
  useBookStore.getState().setBook(info.data.bookId, info.data.storeId, {
    currency: info.data.book.currency,
    creatorName: info.data.book.user_name,
    name: info.data.book.name,
  });
  await request(BOOK_PATHS.preference, {
    method: 'PATCH',
    data: { configs: [{ key: DEFAULT_BOOK_PREFERENCE, value: bookId }] },
    loading: false,
    showError: false,
  }).catch((err: unknown) => {
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
      navigate(
        `/dashboard/index?TradingEntity=${book.id}&bookName=${encodeURIComponent(book.name)}&memberCount=${book.member_count}${fromMyBook ? '&fromMyBook=1' : ''}`,
      ),
  });
}

/** Creates a book from a template and opens it. A second tap while one is being created does nothing. */
export function useCreateBook() {
  const qc = useQueryClient();
  const open = useOpenBook();
  return useMutation({
    mutationKey: ['books', 'create'],
    mutationFn: (v: { templateId: string; name?: string }) => {
      // A new book takes the phone's time zone (the Device header's optional field).
      learnTimeZone();
      return request<{ data: Book }>(BOOK_PATHS.create, {
        data: { id: v.templateId, ...(v.name ? { name: v.name } : {}) },
        headers: { 'Min-Version': '1.0.0', 'Target-Version': '1.5.9' },
      }).then((r) => r.data);
    },
    onSuccess: async (book) => {
      await qc.invalidateQueries({ queryKey: bookKeys.all });
      open.mutate(book.id);
    },
  });
}

export function useUpdateBook(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateBookRequest) =>
      request<{ data: Book }>(bookPath(BOOK_PATHS.update, { bookId }), { method: 'PATCH', data: patch }).then((r) => r.data),
    onSuccess: (book) => {
      qc.setQueryData(bookKeys.one(book.id), book);
      if (useBookStore.getState().bookId === book.id)
        useBookStore
          .getState()
          .setBook(book.id, book.book_template_id, { currency: book.currency, creatorName: book.user_name, name: book.name });
      void qc.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}

/**
 * Deleting (owner) or quitting (member); either way the book leaves this user's lists
 * at once. When it was the current book, the next one in the list becomes current
 * (and the default), so there is always a book to record in while any is left.
 */
export function useLeaveBook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ book, owned }: { book: Book; owned: boolean }) =>
      owned
        ? request(BOOK_PATHS.deleteBook, { method: 'DELETE', data: { id: book.id } })
        : request(BOOK_PATHS.quit, { data: { id: book.id } }),
    onSuccess: async (_r, { book }) => {
      const without = (list: Book[] | undefined) => list?.filter((b) => b.id !== book.id);
      qc.setQueryData<Book[]>(bookKeys.list(), without);
      qc.setQueryData<Book[]>(bookKeys.recent(), without);
      qc.removeQueries({ queryKey: bookKeys.one(book.id) });
      if (useBookStore.getState().bookId === book.id) {
        const next = qc.getQueryData<Book[]>(bookKeys.list())?.[0];
        useBookStore.getState().clear();
        if (next) await openBook(qc, next.id).catch((err: unknown) => console.warn('opening the next book failed', err));
      }
      void qc.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}

/** The default book is the one that opens at start, so it becomes the current book now as well. */
export function useSetDefaultBook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (book: Book) => request(bookPath(BOOK_PATHS.setDefault, { id: book.id }), { method: 'PUT' }).then(() => book),
    onSuccess: (book) => {
      useBookStore
        .getState()
        .setBook(book.id, book.book_template_id, { currency: book.currency, creatorName: book.user_name, name: book.name });
      void qc.invalidateQueries({ queryKey: bookKeys.recent() });
    },
  });
}
