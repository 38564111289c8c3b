import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { SEED_OPERATIONS } from './operations.seed.ts';
import type { Database } from '../../platform/db/index.ts';
import type { DB, OperationsTable } from '../../platform/db/schema.ts';
import { OperationInput, type OperationSpec } from './operation-input.ts';

export type OperationRow = Selectable<OperationsTable>;

/** Which once-per-user operations a call asks for: the guides of a classification, or popups by code. */
export type Shown = { placement: 'guide'; classification: string } | { placement: 'popup'; codes: readonly string[] };

/** On show at `now`: not withdrawn, started (or no start), not yet ended (or no end). */
const live = (now: Date) => (eb: ExpressionBuilder<DB, 'operations'>) =>
  eb.and([
    eb('operations.withdrawn_at', 'is', null),
    eb.or([eb('operations.starts_at', 'is', null), eb('operations.starts_at', '<=', now)]),
    eb.or([eb('operations.ends_at', 'is', null), eb('operations.ends_at', '>', now)]),
  ]);

const asked = (w: Shown) => (eb: ExpressionBuilder<DB, 'operations'>) =>
  w.placement === 'guide'
    ? eb.and([eb('operations.placement', '=', 'guide'), eb('operations.classification', '=', w.classification)])
    : eb.and([eb('operations.placement', '=', 'popup'), eb('operations.code', 'in', [...w.codes])]);

function columns(o: OperationSpec) {
  return {
    placement: o.placement,
    classification: o.classification,
    title: o.title,
    text: o.text,
    link: o.link,
    style: o.style,
    image: o.image,
    share_title: o.shareData?.title ?? null,
    share_path: o.shareData?.path ?? null,
    share_image: o.shareData?.image ?? null,
    style_items: JSON.stringify(o.style_items),
    position: o.position,
    starts_at: o.starts_at,
    ends_at: o.ends_at,
  };
}

/** SQL of the operations: what is on show, who has been shown what, and the operator's writes. */
export class OperationsRepository {
  constructor(private readonly db: Database) {}

  /** The info-flow cards on show, in their places. */
  infoFlow(now: Date): Promise<OperationRow[]> {
    return this.db
      .selectFrom('operations')
      .selectAll()
      .where('placement', '=', 'infoFlow')
      .where(live(now))
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Guides or popups on show, without recording anything (a caller who is not logged in). */
  onShow(w: Shown, now: Date): Promise<OperationRow[]> {
    return this.db.selectFrom('operations').selectAll().where(asked(w)).where(live(now)).orderBy('position').orderBy('id').execute();
  }

  /**
   * Records as shown to the user every asked operation on show, in one statement, and
   * answers only those this statement recorded: of two calls at once, the row's conflict
   * lets one of them have each operation, so it is shown once.
   */
  showOnce(userId: string, w: Shown, now: Date): Promise<OperationRow[]> {
    return this.db
      .with('shown', (db) =>
        db
          .insertInto('operation_views')
          .columns(['user_id', 'operation_id', 'shown_at'])
          .expression(
            db
              .selectFrom('operations')
              .select([sql<string>`${userId}::bigint`.as('user_id'), 'id as operation_id', sql<Date>`${now}::timestamptz`.as('shown_at')])
              .where(asked(w))
              .where(live(now)),
          )
          .onConflict((oc) => oc.columns(['user_id', 'operation_id']).doNothing())
          .returning('operation_id'),
      )
      .selectFrom('operations')
      .innerJoin('shown', 'shown.operation_id', 'operations.id')
      .selectAll('operations')
      .orderBy('operations.position')
      .orderBy('operations.id')
      .execute();
  }

  /** Creates each operation, or rewrites the one of its code and puts it back on show; all or none. */
  publishAll(ops: readonly OperationSpec[]): Promise<Array<'created' | 'updated'>> {
    return this.db.transaction().execute(async (tx) => {
      const done: Array<'created' | 'updated'> = [];
      for (const o of ops) done.push(await this.publish(tx, o));
      return done;
    });
  }

  private async publish(db: Database, o: OperationSpec): Promise<'created' | 'updated'> {
    const row = columns(o);
    const saved = await db
      .insertInto('operations')
      .values({ code: o.code, ...row })
      .onConflict((oc) => oc.column('code').doUpdateSet({ ...row, withdrawn_at: null }))
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow();
    return saved.inserted ? 'created' : 'updated';
  }

  /** Takes an operation off show; false when there is none of that code still on. */
  async withdraw(code: string, at: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('operations')
      .set({ withdrawn_at: at })
      .where('code', '=', code)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  list(): Promise<OperationRow[]> {
    return this.db.selectFrom('operations').selectAll().orderBy('placement').orderBy('position').orderBy('code').execute();
  }

  /**
   * Adds the seed operations whose codes are new; an operator's edits and withdrawals of
   * the others stand. The seed goes through the operator's validation like any file.
   */
  async seed(): Promise<void> {
    for (const input of SEED_OPERATIONS) {
      const o = OperationInput.parse(input);
      await this.db
        .insertInto('operations')
        .values({ code: o.code, ...columns(o) })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
  }
}
