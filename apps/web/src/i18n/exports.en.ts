import type { exportsZhCN } from './exports.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** Exporting a book's records in English: loaded with the export sheet's openers when English is chosen (i18n/index.ts). */
export const exportsEn: Texts<typeof exportsZhCN> = {
  bookTitle: 'Export the book',
  flowTitle: 'Export the flow',
  format: 'File format',
  xlsx: 'Excel (xlsx)',
  xlsxHint: 'Opens in Excel or WPS; at most {{max}} records at once',
  csv: 'CSV',
  csvHint: 'Plain table text; any number of records',
  scope: 'Records',
  scopeFilter: 'The flow as filtered now',
  scopeBook: 'The whole book',
  imagesNote: 'Images are given as links that open only for members of the book, signed in',
  archive: 'Full backup (.zip)',
  archiveHint: 'Every record, category, account, member, budget and image; imports as a new book',
  archiveNote: 'The backup holds the members and the activity log: keep it safe. Import it with “Add a book from a backup file”',
  start: 'Export',
  busy: 'Exporting…',
  received: 'Exporting… {{size}} downloaded',
  done: 'Exported {{name}}',
};
