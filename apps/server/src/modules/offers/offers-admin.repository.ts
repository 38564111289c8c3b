import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { RechargeStairsTable } from '../../platform/db/schema.ts';
import type { ActivitySpec, CouponBatchSpec, FeatureSpec, PackageSpec, SpaceItemSpec, StairSpec } from './offers-input.ts';
import type { ActivityRow, CouponBatchRow, FeatureRow, PackageRow, SpaceItemRow } from './offers.repository.ts';

export type StairRow = Selectable<RechargeStairsTable>;
export type Published = 'created' | 'updated';

/** Whether the upsert inserted its row (PostgreSQL's xmax is 0 for a row this statement made). */
const inserted = sql<boolean>`xmax = 0`.as('inserted');
const outcome = (r: { inserted: boolean }): Published => (r.inserted ? 'created' : 'updated');

/**
 * SQL of the operator's catalogue command (npm run cab -- offers): create or update by
 * code, withdraw, list. Each write takes the transaction the whole file is written in.
 */
export class OffersAdminRepository {
  /** Which of the codes are not in the catalogue (read inside the file's transaction, so its earlier entries count). */
  async unknown(db: Database, what: 'feature' | 'package' | 'batch', codes: readonly string[]): Promise<string[]> {
    const asked = [...new Set(codes)];
    if (asked.length === 0) return [];
    const found =
      what === 'feature'
        ? await db.selectFrom('premium_features').select('feature_code as code').where('feature_code', 'in', asked).execute()
        : what === 'package'
          ? await db.selectFrom('packages').select('combo_id as code').where('combo_id', 'in', asked).execute()
          : await db.selectFrom('coupon_batches').select('batch_code as code').where('batch_code', 'in', asked).execute();
    const known = new Set(found.map((r) => r.code));
    return asked.filter((c) => !known.has(c));
  }

  async feature(db: Database, f: FeatureSpec): Promise<Published> {
    const row = {
      name: f.name,
      name_en: f.nameEn,
      role_scope: f.roleScope,
      billing_type: f.billingType,
      price: String(f.price),
      position: f.position,
    };
    const saved = await db
      .insertInto('premium_features')
      .values({ feature_code: f.featureCode, ...row })
      .onConflict((oc) => oc.column('feature_code').doUpdateSet(row))
      .returning(inserted)
      .executeTakeFirstOrThrow();
    return outcome(saved);
  }

  /** Writes the package and puts it back on sale if it was withdrawn. */
  async package(db: Database, p: PackageSpec): Promise<Published> {
    const row = {
      name: p.name,
      name_en: p.nameEn,
      feature_code: p.featureCode ?? null,
      capacity_mb: p.capacityMb ?? null,
      days: p.days,
      sell_price: String(p.sellPrice),
      original_price: String(p.originalPrice),
      position: p.position,
      withdrawn_at: null,
    };
    const saved = await db
      .insertInto('packages')
      .values({ combo_id: p.comboId, ...row })
      .onConflict((oc) => oc.column('combo_id').doUpdateSet(row))
      .returning(inserted)
      .executeTakeFirstOrThrow();
    return outcome(saved);
  }

  async couponBatch(db: Database, b: CouponBatchSpec): Promise<Published> {
    const row = { name: b.name, name_en: b.nameEn, reduce_amount: String(b.reduceAmount), combo_ids: b.comboIds, valid_days: b.validDays };
    const saved = await db
      .insertInto('coupon_batches')
      .values({ batch_code: b.batchCode, ...row })
      .onConflict((oc) => oc.column('batch_code').doUpdateSet(row))
      .returning(inserted)
      .executeTakeFirstOrThrow();
    return outcome(saved);
  }

  /** Writes the activity (back on show if withdrawn) and replaces its packages with the file's, in the file's order. */
  async activity(db: Database, a: ActivitySpec): Promise<Published> {
    const row = {
      name: a.name,
      name_en: a.nameEn,
      starts_at: a.startsAt,
      ends_at: a.endsAt,
      rule: a.rule,
      draw_batch: a.drawBatch,
      withdrawn_at: null,
    };
    const saved = await db
      .insertInto('activities')
      .values({ act_code: a.actCode, ...row })
      .onConflict((oc) => oc.column('act_code').doUpdateSet(row))
      .returning(inserted)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('activity_packages').where('act_code', '=', a.actCode).execute();
    if (a.comboIds.length > 0) {
      await db
        .insertInto('activity_packages')
        .values(a.comboIds.map((combo_id, i) => ({ act_code: a.actCode, combo_id, position: i + 1 })))
        .execute();
    }
    return outcome(saved);
  }

  async stair(db: Database, s: StairSpec): Promise<Published> {
    const row = { first_bonus: String(s.firstBonus), corner: s.corner, corner_en: s.cornerEn, position: s.position };
    const saved = await db
      .insertInto('recharge_stairs')
      .values({ amount: String(s.amount), ...row })
      .onConflict((oc) => oc.column('amount').doUpdateSet(row))
      .returning(inserted)
      .executeTakeFirstOrThrow();
    return outcome(saved);
  }

  async spaceItem(db: Database, i: SpaceItemSpec): Promise<Published> {
    const row = {
      title: i.title,
      title_en: i.titleEn,
      text: i.text,
      text_en: i.textEn,
      link: i.link,
      position: i.position,
      withdrawn_at: null,
    };
    const saved = await db
      .insertInto('operation_space_items')
      .values({ space_code: i.spaceCode, code: i.code, ...row })
      .onConflict((oc) => oc.columns(['space_code', 'code']).doUpdateSet(row))
      .returning(inserted)
      .executeTakeFirstOrThrow();
    return outcome(saved);
  }

  /** Takes a package off sale, or an activity off show; false when it is not on. */
  async withdraw(db: Database, kind: 'package' | 'activity', code: string, at: Date): Promise<boolean> {
    const done =
      kind === 'package'
        ? await db
            .updateTable('packages')
            .set({ withdrawn_at: at })
            .where('combo_id', '=', code)
            .where('withdrawn_at', 'is', null)
            .executeTakeFirst()
        : await db
            .updateTable('activities')
            .set({ withdrawn_at: at })
            .where('act_code', '=', code)
            .where('withdrawn_at', 'is', null)
            .executeTakeFirst();
    return done.numUpdatedRows > 0n;
  }

  /** Takes a space's item off show; false when it is not on. */
  async withdrawSpaceItem(db: Database, spaceCode: string, code: string, at: Date): Promise<boolean> {
    const done = await db
      .updateTable('operation_space_items')
      .set({ withdrawn_at: at })
      .where('space_code', '=', spaceCode)
      .where('code', '=', code)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return done.numUpdatedRows > 0n;
  }

  async userExists(db: Database, userId: string): Promise<boolean> {
    return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
  }

  features(db: Database): Promise<FeatureRow[]> {
    return db.selectFrom('premium_features').selectAll().orderBy('position').orderBy('feature_code').execute();
  }

  packages(db: Database): Promise<PackageRow[]> {
    return db.selectFrom('packages').selectAll().orderBy('feature_code').orderBy('position').orderBy('combo_id').execute();
  }

  /** Every activity with its packages' ids in its order. */
  activities(db: Database): Promise<Array<ActivityRow & { combo_ids: string[] }>> {
    return db
      .selectFrom('activities as a')
      .selectAll('a')
      .select(
        sql<
          string[]
        >`coalesce((SELECT array_agg(ap.combo_id ORDER BY ap.position, ap.combo_id) FROM activity_packages ap WHERE ap.act_code = a.act_code), '{}')`.as(
          'combo_ids',
        ),
      )
      .orderBy('a.act_code')
      .execute();
  }

  couponBatches(db: Database): Promise<CouponBatchRow[]> {
    return db.selectFrom('coupon_batches').selectAll().orderBy('batch_code').execute();
  }

  stairs(db: Database): Promise<StairRow[]> {
    return db.selectFrom('recharge_stairs').selectAll().orderBy('position').orderBy('amount').execute();
  }

  spaceItems(db: Database): Promise<SpaceItemRow[]> {
    return db.selectFrom('operation_space_items').selectAll().orderBy('space_code').orderBy('position').orderBy('code').execute();
  }
}
