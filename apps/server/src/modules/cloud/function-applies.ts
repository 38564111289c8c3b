import { FUNCTION_APPLIES, type FunctionApply, type FunctionCode, type LocalizedText } from '@cab/contracts';
import type { Selectable } from 'kysely';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FunctionAppliesTable } from '../../platform/db/schema.ts';
import type { Notifier } from '../messages/notify.ts';

export type FunctionApplyRow = Selectable<FunctionAppliesTable>;

/** The names of the functions applied for, as the message center says them. */
const FUNCTION_NAMES: Record<FunctionCode, LocalizedText> = {
  book_private_storage: { 'zh-CN': '账本私有化存储', en: 'Private storage of books' },
};

/** SQL of function applies (migration 0025). */
export class FunctionAppliesRepository {
  of(db: Database, userId: string, bizType: string, bizCode: string): Promise<FunctionApplyRow | undefined> {
    return db
      .selectFrom('function_applies')
      .selectAll()
      .where('user_id', '=', userId)
      .where('biz_type', '=', bizType)
      .where('biz_code', '=', bizCode)
      .executeTakeFirst();
  }

  /** Applies, or applies again after a rejection; undefined when one waits or was approved. */
  apply(db: Database, v: { userId: string; bizType: string; bizCode: string; at: Date }): Promise<FunctionApplyRow | undefined> {
    return db
      .insertInto('function_applies')
      .values({ user_id: v.userId, biz_type: v.bizType, biz_code: v.bizCode, status: 'applied', applied_at: v.at })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'biz_type', 'biz_code'])
          .doUpdateSet({ status: 'applied', applied_at: v.at, remark: '', decided_at: null })
          .where('function_applies.status', '=', 'rejected'),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** applied -> approved | rejected; undefined when it was not waiting. */
  decide(db: Database, id: string, to: 'approved' | 'rejected', remark: string, at: Date): Promise<FunctionApplyRow | undefined> {
    return db
      .updateTable('function_applies')
      .set({ status: to, remark, decided_at: at })
      .where('id', '=', id)
      .where('status', '=', 'applied')
      .returningAll()
      .executeTakeFirst();
  }

  /** Applications waiting for review, oldest first. */
  waiting(db: Database, limit: number): Promise<FunctionApplyRow[]> {
    return db
      .selectFrom('function_applies')
      .selectAll()
      .where('status', '=', 'applied')
      .orderBy('applied_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}

const present = (bizType: string, bizCode: string, r: FunctionApplyRow | undefined): FunctionApply => ({
  biz_type: bizType,
  biz_code: bizCode,
  status: r?.status ?? null,
  remark: r?.remark ?? '',
  applied_at: r ? r.applied_at.getTime() : null,
  decided_at: r?.decided_at ? r.decided_at.getTime() : null,
});

/**
 * Functions a user applies for and the operator reviews (docs/cloud.md, "Function
 * applies"): applied, then approved or rejected by `cab functions`; a rejected one may be
 * applied for again. The applicant is told the decision in the message center.
 */
export class FunctionAppliesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: FunctionAppliesRepository,
    private readonly notifier: Notifier,
  ) {}

  private check(bizType: string, bizCode: FunctionCode): void {
    if (FUNCTION_APPLIES[bizCode] !== bizType) throw new AppError('cloud.functionUnknown');
  }

  async apply(userId: string, bizType: string, bizCode: FunctionCode): Promise<FunctionApply> {
    this.check(bizType, bizCode);
    const row = await this.repo.apply(this.db, { userId, bizType, bizCode, at: new Date(this.clock.now()) });
    if (row) return present(bizType, bizCode, row);
    const existing = await this.repo.of(this.db, userId, bizType, bizCode);
    throw new AppError(existing?.status === 'approved' ? 'cloud.functionApproved' : 'cloud.functionApplied');
  }

  async status(userId: string, bizType: string, bizCode: FunctionCode): Promise<FunctionApply> {
    this.check(bizType, bizCode);
    return present(bizType, bizCode, await this.repo.of(this.db, userId, bizType, bizCode));
  }

  waiting(limit = 100): Promise<FunctionApplyRow[]> {
    return this.repo.waiting(this.db, limit);
  }

  /** The operator's decision; undefined when the application was not waiting. */
  decide(id: string, to: 'approved' | 'rejected', remark: string): Promise<FunctionApplyRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const row = await this.repo.decide(tx, id, to, remark, new Date(this.clock.now()));
      if (!row) return undefined;
      const name = FUNCTION_NAMES[row.biz_code as FunctionCode] ?? { 'zh-CN': row.biz_code, en: row.biz_code };
      await this.notifier.notify(tx, [
        {
          userId: row.user_id,
          bookId: null,
          kind: to === 'approved' ? 'function.approved' : 'function.rejected',
          params: { functionName: name, remark: remark || '-' },
          link: 'cloud/pages/exclusive',
        },
      ]);
      return row;
    });
  }
}
