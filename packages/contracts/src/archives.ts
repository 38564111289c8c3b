/** The answer of importing an archive (docs/archive.md). */
import { z } from 'zod';

export const ArchiveImportResponse = z.object({
  data: z.object({
    book_id: z.string(),
    name: z.string(),
    rows: z.record(z.string(), z.number().int().nonnegative()),
    images: z.number().int().nonnegative(),
  }),
});
export type ArchiveImportResponse = z.infer<typeof ArchiveImportResponse>;
