import type { Database } from '../../platform/db/index.ts';

export interface FeedbackRow {
  id: string;
  user_id: string;
  phone: string | null;
  content: string;
  contact: string;
  created_at: Date;
}

/** SQL of the feedback users send from the mine page. */
export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  async insert(userId: string, content: string, contact: string, at: Date): Promise<{ id: string; created_at: Date }> {
    return this.db
      .insertInto('feedback')
      .values({ user_id: userId, content, contact, created_at: at })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  /** The newest first, with the sender's phone beside the contact they gave (the operator's listing). */
  latest(limit: number): Promise<FeedbackRow[]> {
    return this.db
      .selectFrom('feedback as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.id', 'f.user_id', 'u.phone', 'f.content', 'f.contact', 'f.created_at'])
      .orderBy('f.id', 'desc')
      .limit(limit)
      .execute();
  }
}
