import {
  IMPORT_PATHS,
  bookPath,
  type ColumnMapping,
  type ImportCommitRequest,
  type ImportDateFormat,
  type ImportSource,
  type ImportView,
} from '@cab/contracts/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { importKeys } from './queries.ts';

/** A file of up to 32 MB on a slow line takes longer than a call's usual minute. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadInput {
  file: File;
  source: ImportSource;
  password?: string;
  dateFormat?: ImportDateFormat;
  onProgress: (fraction: number) => void;
}

/** The import as an answer left it: the page draws it at once, and the list follows. */
function answered(qc: QueryClient, bookId: string, v: ImportView) {
  qc.setQueryData(importKeys.item(bookId, v.id), v);
  void qc.invalidateQueries({ queryKey: importKeys.list(bookId), exact: true });
}

/**
 * Uploads a file (multipart). The server reads the fields as they arrive and the file
 * last, so the fields go first. The page shows the refusals itself (a zip's password is
 * asked for, the reasons shown in place), so the wrapper neither toasts nor shows a
 * loading toast.
 */
export function useUploadImport(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, source, password, dateFormat, onProgress }: UploadInput) => {
      const form = new FormData();
      form.append('source', source);
      if (password) form.append('password', password);
      if (dateFormat) form.append('date_format', dateFormat);
      form.append('file', file, file.name);
      return request<{ data: ImportView }>(IMPORT_PATHS.imports, {
        method: 'POST',
        formData: form,
        tradingEntity: bookId,
        loading: false,
        showError: false,
        onUploadProgress: onProgress,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }).then((r) => r.data);
    },
    onSuccess: (v) => answered(qc, bookId, v),
  });
}

/** A sheet's column mapping; a zip's password goes again (the server never keeps it). Refusals are the page's to show. */
export function useMapColumns(bookId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { mapping: ColumnMapping; password?: string }) =>
      request<{ data: ImportView }>(bookPath(IMPORT_PATHS.columns, { id }), {
        method: 'PUT',
        data: { ...body },
        tradingEntity: bookId,
        showError: false,
      }).then((r) => r.data),
    onSuccess: (v) => answered(qc, bookId, v),
  });
}

/** Records the rows with the user's choices; the answer says 'committing' and the page polls. A refusal is toasted. */
export function useCommitImport(bookId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportCommitRequest) =>
      request<{ data: ImportView }>(bookPath(IMPORT_PATHS.commit, { id }), {
        method: 'POST',
        data: { ...body },
        tradingEntity: bookId,
      }).then((r) => r.data),
    onSuccess: (v) => answered(qc, bookId, v),
  });
}

/** Cancels an import before it is recorded (204); the page asks for it again to show it cancelled. */
export function useCancelImport(bookId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(bookPath(IMPORT_PATHS.item, { id }), { method: 'DELETE', tradingEntity: bookId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: importKeys.book(bookId) }),
  });
}
