import { EXPORT_PATHS, type ExportFormat, type ExportRequest } from '@cab/contracts/client';
import { request } from '../../api/client.ts';
import { fileNameOf, readBody, saveFile } from './download.ts';

/** What an export from the flow carries besides its format: the flow's own filter. */
export type ExportFilter = Omit<ExportRequest, 'format'>;

/**
 * How long the server may take to start answering: an xlsx of 100,000 records is built
 * before its first byte (seconds); a CSV starts at once and then streams without a limit.
 */
const START_TIMEOUT_MS = 120_000;

/**
 * Exports a book's flow and saves the file. The call goes through the request wrapper
 * (signed, with the token and the book), so a refusal is its `{code, message}`, thrown
 * as an ApiError.
 */
export async function exportFlow(
  bookId: string,
  format: ExportFormat,
  filter: ExportFilter | undefined,
  onBytes: (n: number) => void,
): Promise<string> {
  const body: ExportRequest = { format, ...filter };
  const res = await request<Response>(EXPORT_PATHS.transactions, {
    method: 'POST',
    data: body as Record<string, unknown>,
    responseType: 'response',
    // The sheet shows the refusal itself, beside the choice that answers it (CSV).
    showError: false,
    loading: false,
    tradingEntity: bookId,
    timeoutMs: START_TIMEOUT_MS,
  });
  const blob = await readBody(res, onBytes);
  const name = fileNameOf(res.headers.get('content-disposition'), `export.${format}`);
  saveFile(blob, name);
  return name;
}
