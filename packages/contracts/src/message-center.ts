import { z } from 'zod';
import { Id, Text } from './common.ts';
import { MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX, REPORT_REASON_MAX, REPORT_TARGET_TYPES } from './messages-paths.ts';

/** SPEC 3 "Message": msg_state is unread or read. */
export const MsgState = z.enum(['unread', 'read']);
export type MsgState = z.infer<typeof MsgState>;

export const MessageIdParams = z.object({ msg_id: Id });
/**
 * The book whose messages a call reads, lists or deletes (a field, not the Trading-Entity
 * header); '0' names the messages about the caller alone (the summary's row without a book).
 */
export const MessageBookKey = z.union([z.literal('0'), Id]);
export const MessageBookRequest = z.object({ account_book_id: MessageBookKey });

export const UserMessageSummaryResponse = z.object({
  data: z.object({
    items: z.array(z.object({ msg_state: MsgState, msg_num: z.number().int().nonnegative() })),
    unread: z.number().int().nonnegative(),
  }),
});
export type UserMessageSummary = z.infer<typeof UserMessageSummaryResponse>['data'];

export const MessageItem = z.object({
  msg_id: z.string(),
  msg_state: MsgState,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** Null for a message about the user alone. */
  book_id: z.string().nullable(),
  created_at: z.number().int(),
  /** Records told in one batched message (1 for the others). */
  count: z.number().int().positive(),
  /** SPEC 4: the last item of the last page. */
  lastOne: z.boolean().optional(),
});
export type MessageItem = z.infer<typeof MessageItem>;

export const BookMessageSummaryResponse = z.object({
  data: z.array(
    z.object({
      /** Null: messages about the caller alone. */
      book_id: z.string().nullable(),
      book_name: z.string(),
      msg_state: MsgState,
      /** Unread messages of this book. */
      msg_num: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      latest: MessageItem.nullable(),
    }),
  ),
});
export type BookMessageSummary = z.infer<typeof BookMessageSummaryResponse>['data'][number];

export const MessagesQuery = z.object({
  account_book_id: MessageBookKey.optional(),
  page_size: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
  /** The last msg_id of the previous page (keyset). */
  last_id: Id.optional(),
});
export const MessagesResponse = z.object({
  data: z.array(MessageItem),
  paging: z.object({ has_more: z.boolean(), last_id: z.string().nullable() }),
});
export type MessagesPage = z.infer<typeof MessagesResponse>;

/** What a read or delete changed, and the caller's unread total after it. */
export const MessageChangeResponse = z.object({
  data: z.object({ changed: z.number().int().nonnegative(), unread: z.number().int().nonnegative() }),
});
export type MessageChange = z.infer<typeof MessageChangeResponse>['data'];

export const ReportRequest = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: Id,
  reason: Text(REPORT_REASON_MAX, { min: 1, multiline: true }),
});
export const ReportResponse = z.object({ data: z.object({ report_id: z.string(), status: z.literal('open') }) });
