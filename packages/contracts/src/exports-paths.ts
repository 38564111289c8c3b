/**
 * Exporting a book's records (docs/exports.md): the path, the formats and the limit both
 * sides know. Zod-free for the web.
 */
export const EXPORT_PATHS = {
  /**
   * The flow as a file (POST, the flow's own filter in the body, the Trading-Entity book):
   * answered as a download, not JSON.
   */
  transactions: '/cab-query-ws/v2/statistics/transactions/export',
} as const;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The most records one xlsx holds: a workbook is built whole in memory before it is sent,
 * so a larger one is refused (a CSV streams and has no limit).
 */
export const EXPORT_XLSX_ROWS_MAX = 100_000;
