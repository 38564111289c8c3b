import { z } from 'zod';
import { EpochMs, Id, Text, dataOf } from './common.ts';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX } from './feedback-paths.ts';

export const FeedbackRequest = z
  .object({
    content: Text(FEEDBACK_CONTENT_MAX, { min: 1, multiline: true, graphemes: true }),
    contact: Text(FEEDBACK_CONTACT_MAX, { graphemes: true }).optional(),
  })
  .strict();
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

export const FeedbackResponse = dataOf(z.object({ feedback_id: Id, created_at: EpochMs }));
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;
