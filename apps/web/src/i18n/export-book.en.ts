import type { exportBookZhCN } from './export-book.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** The book settings' way to an export, in English: loaded with that page when English is chosen. */
export const exportBookEn: Texts<typeof exportBookZhCN> = {
  row: 'Export the book',
};
