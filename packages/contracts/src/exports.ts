import { z } from 'zod';
import { EXPORT_FORMATS } from './exports-paths.ts';
import { FlowSort, GroupFilter, StatisticsQuery } from './statistics.ts';

/**
 * An export of the flow: the flow call's own filter (TransactionsRequest without its
 * page, which the server walks itself), and the file's format. No filter: the whole book.
 */
export const ExportRequest = z.object({
  format: z.enum(EXPORT_FORMATS),
  query: StatisticsQuery.optional(),
  group_filter: GroupFilter.optional(),
  /** Oldest first unless asked otherwise: a sheet reads top down. */
  sort: FlowSort.optional(),
});
export type ExportRequest = z.input<typeof ExportRequest>;
