import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import { MessagesRepository } from './messages.repository.ts';

export type ModerationDecision = 'keep' | 'remove';

/** SQL of the moderation queue (messageCenter/toReport, issue 14), for the operator's command. */
export class ModerationRepository {
  constructor(private readonly db: Database) {}

  /** The open reports, oldest first. */
  openReports() {
    return this.db.selectFrom('moderation_reports').selectAll().where('status', '=', 'open').orderBy('id').execute();
  }

  openReport(tx: Database, id: string) {
    return tx.selectFrom('moderation_reports').selectAll().where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  }

  messageOwner(tx: Database, messageId: string) {
    return tx.selectFrom('messages').select('user_id').where('id', '=', messageId).executeTakeFirst();
  }

  async tableExists(tx: Database, table: string): Promise<boolean> {
    return Boolean((await sql<{ t: string | null }>`SELECT to_regclass(${table}) AS t`.execute(tx)).rows[0]?.t);
  }

  async markResolved(tx: Database, id: string, decision: ModerationDecision, at: Date): Promise<void> {
    await tx.updateTable('moderation_reports').set({ status: 'resolved', decision, resolved_at: at }).where('id', '=', id).execute();
  }
}

/**
 * Closes an open report with the operator's decision, in one transaction; 'remove'
 * deletes a reported message. A reported thread or comment is removed with the
 * community's own tools: the report is only marked resolved, and the answer says so.
 * Answers what was done, or null when there is no open report of that id.
 */
export async function resolveReport(db: Database, id: string, decision: ModerationDecision, at: Date): Promise<string | null> {
  const repo = new ModerationRepository(db);
  return db.transaction().execute(async (tx) => {
    const r = await repo.openReport(tx, id);
    if (!r) return null;
    let note = '';
    if (decision === 'remove') {
      if (r.target_type === 'message') {
        const owner = await repo.messageOwner(tx, r.target_id);
        if (owner) await new MessagesRepository(tx).delete(tx, owner.user_id, { id: r.target_id });
        note = owner ? 'message deleted' : 'message already gone';
      } else {
        const table = r.target_type === 'thread' ? 'community_threads' : 'community_comments';
        note = (await repo.tableExists(tx, table))
          ? `remove the ${r.target_type} ${r.target_id} with the community's own command; the report is marked resolved`
          : `no ${table} table here: the report is only marked resolved with the decision`;
      }
    }
    await repo.markResolved(tx, id, decision, at);
    return `report ${id} resolved: ${decision}${note ? ` (${note})` : ''}`;
  });
}
