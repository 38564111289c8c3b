import type { MessageParam } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';

/**
 * What makes a message (issue 14): the kinds of event the message center tells people
 * about. Each module that causes one hands it to the Notifier inside its own
 * transaction, so a message exists exactly when what it reports happened.
 */
export type MessageKind =
  | 'invitation.received'
  | 'application.approved'
  | 'application.rejected'
  | 'member.joined'
  | 'member.removed'
  | 'community.reply'
  | 'community.comment'
  | 'community.pinned'
  | 'book.recorded'
  | 'budget.overspent'
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.refunded'
  | 'purchase.paid'
  | 'bill.arrears'
  | 'bill.settled'
  | 'feature.expiring'
  | 'feature.expired'
  | 'space.ending'
  | 'space.ended'
  | 'share.applied'
  | 'share.agreed'
  | 'share.rejected'
  | 'share.untied'
  | 'function.approved'
  | 'function.rejected';

export interface NewMessage {
  /** Who is told. */
  userId: string;
  /** The book it is about, or null for a message about the user alone. */
  bookId: string | null;
  kind: MessageKind;
  /** The words of the message are made from these when it is shown, in the reader's language (a param may be given in each). */
  params: Record<string, MessageParam>;
  /** What opening the message leads to (a page route of SPEC 2 with its query), if anything. */
  link?: string;
}

export interface Notifier {
  /** Stores the messages with `db` (the caller's transaction) and, once it commits, tells open clients. */
  notify(db: Database, messages: readonly NewMessage[]): Promise<void>;
}
