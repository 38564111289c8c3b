import { ARCHIVE_PATHS } from '@cab/contracts/client';
import { request } from '../../api/client.ts';
import { fileNameOf, readBody, saveFile } from './download.ts';

/** A whole book's archive is written as it is read: its first byte may take a while on a large book. */
const START_TIMEOUT_MS = 120_000;

/**
 * Saves the book's lossless archive (docs/archive.md): its rows, members and images in
 * one zip, which imports as a new book here or on another CAB server. The owner's only.
 */
export async function exportArchive(bookId: string, onBytes: (n: number) => void): Promise<string> {
  const res = await request<Response>(ARCHIVE_PATHS.export, {
    method: 'GET',
    responseType: 'response',
    showError: false,
    loading: false,
    tradingEntity: bookId,
    timeoutMs: START_TIMEOUT_MS,
  });
  const blob = await readBody(res, onBytes);
  const name = fileNameOf(res.headers.get('content-disposition'), 'book.cabbook.zip');
  saveFile(blob, name);
  return name;
}
