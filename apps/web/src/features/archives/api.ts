import { ARCHIVE_PATHS, type ArchiveImportResponse } from '@cab/contracts/client';
import { request } from '../../api/client.ts';

/** An archive of years of records and photos goes up as one file. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** A new book of the caller's from an archive; answers its id and name. Refusals are the caller's to show. */
export async function importArchive(file: File, onProgress: (f: number) => void): Promise<ArchiveImportResponse['data']> {
  const form = new FormData();
  form.append('file', file, file.name);
  const r = await request<ArchiveImportResponse>(ARCHIVE_PATHS.import, {
    method: 'POST',
    formData: form,
    loading: false,
    showError: false,
    onUploadProgress: onProgress,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return r.data;
}
