import { z } from 'zod';
import { EpochMs, Id, Text } from './common.ts';
import { REVIEW_MAX, REVIEWS_PAGE_MAX } from './market-paths.ts';
import { TemplateSummary } from './books.ts';
import { UserRef } from './members.ts';

export const TemplateCollectParams = z.object({ id: Id, x: z.enum(['0', '1']) });
export const CollectedTemplate = TemplateSummary.extend({ collected_at: z.number().int() });
export const CollectedTemplatesResponse = z.object({ data: z.array(CollectedTemplate) });
export type CollectedTemplate = z.infer<typeof CollectedTemplate>;

/** SPEC 3: reviews are paged by lastCommentTime (the last item's time); lastId breaks ties of one millisecond. */
export const TemplateReviewsQuery = z.object({
  templateId: Id,
  pageSize: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(20),
  lastCommentTime: z.coerce.number().pipe(EpochMs).optional(),
  lastId: Id.optional(),
});
export const TemplateReview = z.object({
  id: z.string(),
  template_id: z.string(),
  content: z.string(),
  user: UserRef,
  created_at: z.number().int(),
  /** When it was last written (posted or edited): the order and the cursor. */
  lastCommentTime: z.number().int(),
  edited: z.boolean(),
  mine: z.boolean(),
});
export type TemplateReview = z.infer<typeof TemplateReview>;
export const TemplateReviewsResponse = z.object({
  data: z.array(TemplateReview),
  paging: z.object({ has_more: z.boolean(), last_comment_time: z.number().int().nullable(), last_id: z.string().nullable() }),
});
export type TemplateReviewsPage = z.infer<typeof TemplateReviewsResponse>;

/** Stored as given (HTML and script included) and shown as text. */
export const PostTemplateReviewRequest = z.object({ template_id: Id, content: Text(REVIEW_MAX, { min: 1, multiline: true }) });
export const TemplateReviewResponse = z.object({ data: TemplateReview });
