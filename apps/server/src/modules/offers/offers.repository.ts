import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type {
  ActivitiesTable,
  ActivityDrawsTable,
  CouponBatchesTable,
  OperationSpaceItemsTable,
  PackagesTable,
  PremiumFeaturesTable,
  UserCouponsTable,
} from '../../platform/db/schema.ts';

export type FeatureRow = Selectable<PremiumFeaturesTable>;
export type PackageRow = Selectable<PackagesTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type CouponBatchRow = Selectable<CouponBatchesTable>;
export type CouponRow = Selectable<UserCouponsTable>;
export type DrawRow = Selectable<ActivityDrawsTable>;
export type SpaceItemRow = Selectable<OperationSpaceItemsTable>;
/** A user's coupon with its batch's names (a coupon is called what its batch is called). */
export type NamedCouponRow = CouponRow & { name: string; name_en: string };

/**
 * SQL of the catalogue as the calls and the purchase read it: packages, features,
 * activities, coupons, draws and operation spaces. Every method takes the database to
 * run on, so a caller inside a transaction passes its `tx` (on embedded PGlite a query
 * outside it would wait for the one connection the transaction holds).
 */
export class OffersRepository {
  packageOnSale(db: Database, comboId: string): Promise<PackageRow | undefined> {
    return db.selectFrom('packages').selectAll().where('combo_id', '=', comboId).where('withdrawn_at', 'is', null).executeTakeFirst();
  }

  feature(db: Database, featureCode: string): Promise<FeatureRow | undefined> {
    return db.selectFrom('premium_features').selectAll().where('feature_code', '=', featureCode).executeTakeFirst();
  }

  features(db: Database): Promise<FeatureRow[]> {
    return db.selectFrom('premium_features').selectAll().orderBy('position').orderBy('feature_code').execute();
  }

  /** The activity of the code, withdrawn or not (the service says what a withdrawn one answers). */
  activity(db: Database, actCode: string): Promise<ActivityRow | undefined> {
    return db.selectFrom('activities').selectAll().where('act_code', '=', actCode).executeTakeFirst();
  }

  /** The activity's packages still on sale, in the activity's order. */
  activityPackages(db: Database, actCode: string): Promise<PackageRow[]> {
    return db
      .selectFrom('activity_packages as ap')
      .innerJoin('packages as p', 'p.combo_id', 'ap.combo_id')
      .selectAll('p')
      .where('ap.act_code', '=', actCode)
      .where('p.withdrawn_at', 'is', null)
      .orderBy('ap.position')
      .orderBy('ap.combo_id')
      .execute();
  }

  /**
   * The caller's coupon, locked until the transaction ends: a second purchase with it
   * waits here and then sees it used. Only the owner's row is read (and locked), so a
   * coupon of someone else is as absent as one that does not exist.
   */
  ownCouponForUpdate(db: Database, userId: string, couponId: string): Promise<CouponRow | undefined> {
    return db
      .selectFrom('user_coupons')
      .selectAll()
      .where('id', '=', couponId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Marks the coupon used by the order, if it is not already: false when it was. */
  async markCouponUsed(db: Database, couponId: string, orderNo: string, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('user_coupons')
      .set({ used_at: now, used_order_no: orderNo })
      .where('id', '=', couponId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Gives a coupon back that this order used (its order was cancelled or refunded): false when the order did not hold it. */
  async releaseCoupon(db: Database, couponId: string, orderNo: string): Promise<boolean> {
    const res = await db
      .updateTable('user_coupons')
      .set({ used_at: null, used_order_no: null })
      .where('id', '=', couponId)
      .where('used_order_no', '=', orderNo)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  batch(db: Database, batchCode: string): Promise<CouponBatchRow | undefined> {
    return db.selectFrom('coupon_batches').selectAll().where('batch_code', '=', batchCode).executeTakeFirst();
  }

  /**
   * Inserts the coupon unless the user already has one from this source
   * (user_coupons_once): undefined then, and nothing is written. Of two at once, the
   * second waits for the first and then writes nothing.
   */
  insertCoupon(db: Database, row: Insertable<UserCouponsTable>): Promise<CouponRow | undefined> {
    return db
      .insertInto('user_coupons')
      .values(row)
      .onConflict((oc) => oc.constraint('user_coupons_once').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  couponBySource(db: Database, userId: string, source: string): Promise<CouponRow | undefined> {
    return db.selectFrom('user_coupons').selectAll().where('user_id', '=', userId).where('source', '=', source).executeTakeFirst();
  }

  namedCoupon(db: Database, couponId: string): Promise<NamedCouponRow | undefined> {
    return db
      .selectFrom('user_coupons as uc')
      .innerJoin('coupon_batches as cb', 'cb.batch_code', 'uc.batch_code')
      .selectAll('uc')
      .select(['cb.name', 'cb.name_en'])
      .where('uc.id', '=', couponId)
      .executeTakeFirst();
  }

  /**
   * The user's coupons usable at `now` (not used, valid from before, valid until after)
   * that apply to one of the packages: those for any package (no combo ids) and those
   * naming one of them. In id order; the service sorts them as asked.
   */
  usableCoupons(db: Database, userId: string, comboIds: readonly string[], now: Date): Promise<NamedCouponRow[]> {
    return db
      .selectFrom('user_coupons as uc')
      .innerJoin('coupon_batches as cb', 'cb.batch_code', 'uc.batch_code')
      .selectAll('uc')
      .select(['cb.name', 'cb.name_en'])
      .where('uc.user_id', '=', userId)
      .where('uc.used_at', 'is', null)
      .where('uc.valid_from', '<=', now)
      .where('uc.valid_until', '>', now)
      .where(sql<boolean>`(cardinality(uc.combo_ids) = 0 OR uc.combo_ids && ${[...comboIds]}::text[])`)
      .orderBy('uc.id')
      .execute();
  }

  /** Whether the user ever completed a purchase (the 'new_payer' rule). */
  async hasPaidPurchase(db: Database, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('purchasing_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the book holds one of the features now: granted, without an expiry or until after `now`. */
  async bookHoldsAny(db: Database, bookId: string, featureCodes: readonly string[], now: Date): Promise<boolean> {
    if (featureCodes.length === 0) return false;
    const row = await db
      .selectFrom('book_premium_features')
      .select('feature_code')
      .where('book_id', '=', bookId)
      .where('feature_code', 'in', [...featureCodes])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  draw(db: Database, actCode: string, userId: string): Promise<DrawRow | undefined> {
    return db.selectFrom('activity_draws').selectAll().where('act_code', '=', actCode).where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * Records the user's draw unless one is recorded (the primary key): false then. Of two
   * draws at once, the second waits for the first to commit and records nothing.
   */
  async recordDraw(db: Database, row: Insertable<ActivityDrawsTable>): Promise<boolean> {
    const saved = await db
      .insertInto('activity_draws')
      .values(row)
      .onConflict((oc) => oc.columns(['act_code', 'user_id']).doNothing())
      .returning('act_code')
      .executeTakeFirst();
    return saved !== undefined;
  }

  async setDrawCoupon(db: Database, actCode: string, userId: string, couponId: string): Promise<void> {
    await db
      .updateTable('activity_draws')
      .set({ coupon_id: couponId })
      .where('act_code', '=', actCode)
      .where('user_id', '=', userId)
      .execute();
  }

  /** The items on show of these spaces, in each space's order. */
  spaceItems(db: Database, spaceCodes: readonly string[]): Promise<SpaceItemRow[]> {
    return db
      .selectFrom('operation_space_items')
      .selectAll()
      .where('space_code', 'in', [...spaceCodes])
      .where('withdrawn_at', 'is', null)
      .orderBy('space_code')
      .orderBy('position')
      .orderBy('code')
      .execute();
  }
}
