/**
 * The operator's command for the moderation queue (messageCenter/toReport, issue 14):
 *
 *   npm run moderation                          # list the open reports, oldest first
 *   npm run moderation -- resolve <id> keep     # close the report, the target stays
 *   npm run moderation -- resolve <id> remove   # close it and remove the target
 *
 * 'remove' deletes a reported message. A reported thread or comment is removed by the
 * community module's tables only where they exist; until then the report is only marked
 * resolved with the decision (the command says so). Same database as the server
 * (DATABASE_URL, else CAB_DATA_DIR's embedded one: stop the server first).
 */
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { MessagesRepository } from './modules/messages/messages.repository.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(handle.db);
  const db = handle.db;
  const [verb, id, decision] = process.argv.slice(2);
  if (verb === undefined || verb === 'list') {
    const open = await db.selectFrom('moderation_reports').selectAll().where('status', '=', 'open').orderBy('id').execute();
    for (const r of open)
      console.log(
        `${r.id}  ${r.target_type} ${r.target_id}  by user ${r.reporter_id}  ${new Date(r.created_at).toISOString()}  ${JSON.stringify(r.reason)}`,
      );
    if (!open.length) console.log('no open reports');
  } else if (verb === 'resolve') {
    if (!id || !/^[1-9][0-9]{0,18}$/.test(id)) throw new Error(`not a report id: ${id ?? '(none)'}`);
    if (decision !== 'keep' && decision !== 'remove') throw new Error('decide keep or remove');
    await db.transaction().execute(async (tx) => {
      const r = await tx.selectFrom('moderation_reports').selectAll().where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
      if (!r) throw new Error(`no open report ${id}`);
      let note = '';
      if (decision === 'remove') {
        if (r.target_type === 'message') {
          const owner = await tx.selectFrom('messages').select('user_id').where('id', '=', r.target_id).executeTakeFirst();
          if (owner) await new MessagesRepository(tx).delete(tx, owner.user_id, { id: r.target_id });
          note = owner ? 'message deleted' : 'message already gone';
        } else {
          const table = r.target_type === 'thread' ? 'community_threads' : 'community_comments';
          const exists = (await sql<{ t: string | null }>`SELECT to_regclass(${table}) AS t`.execute(tx)).rows[0]?.t;
          note = exists
            ? `remove the ${r.target_type} ${r.target_id} with the community's own command; the report is marked resolved`
            : `no ${table} table here: the report is only marked resolved with the decision`;
        }
      }
      await tx
        .updateTable('moderation_reports')
        .set({ status: 'resolved', decision, resolved_at: new Date() })
        .where('id', '=', id)
        .execute();
      console.log(`report ${id} resolved: ${decision}${note ? ` (${note})` : ''}`);
    });
  } else {
    throw new Error(`unknown command: ${verb} (list, or resolve <id> keep|remove)`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
