import { COUPON_SORT_TYPE, minorToMoney, type ActivityCombo, type Coupon, type Locale } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { ActivityRow, CouponRow, DrawRow, FeatureRow, NamedCouponRow, OffersRepository, PackageRow } from './offers.repository.ts';

/** A package on sale, as a purchase reads it (amounts in minor units: 1 banana shell = 100). */
export interface OnSalePackage {
  comboId: string;
  name: string;
  nameEn: string;
  /** A feature's package, or (capacityMb) cloud space: one of the two is null. */
  featureCode: string | null;
  capacityMb: number | null;
  days: number;
  sellPrice: bigint;
}

export interface OfferFeature {
  featureCode: string;
  name: string;
  nameEn: string;
  roleScope: 'all' | 'manager';
  billingType: 'OneOff' | 'PerDay';
  /** PerDay: a day's price; OneOff: the shortest package's, for display. */
  price: bigint;
  position: number;
}

/** A coupon a purchase may apply: its reduction, checked and locked for the transaction. */
export interface TakenCoupon {
  couponId: string;
  reduceAmount: bigint;
}

export interface OfferCoupon {
  couponId: string;
  userId: string;
  batchCode: string;
  reduceAmount: bigint;
  /** The packages it applies to (empty: any). */
  comboIds: string[];
  validFrom: Date;
  validUntil: Date;
  usedAt: Date | null;
  usedOrderNo: string | null;
  source: string;
}

/** A coupon given; `given` is false when the user already had the one of this source (nothing new was written). */
export type GivenCoupon = OfferCoupon & { given: boolean };

/** Why a draw is or is not allowed (the rule check's and the draw's `reason`). */
export type DrawReason = 'ok' | 'already_drawn' | 'not_new_payer' | 'feature_held' | 'not_started' | 'ended';
export interface RuleCheck {
  eligible: boolean;
  drawn: boolean;
  reason: DrawReason;
}
export interface DrawResult {
  eligible: boolean;
  reason: string;
  coupon: Coupon | null;
}
export interface OperationSpaceView {
  spaceCode: string;
  items: Array<{ code: string; title: string; text: string; link: string }>;
}

/** Whether the user is a member of the live book (the same lookup as the book-scoped routes). */
export type MembershipCheck = (userId: string, bookId: string) => Promise<boolean>;

/** The source of the coupon an activity's draw gives, and of one the operator gives (user_coupons_once). */
export const drawSource = (actCode: string) => `draw:${actCode}`;
export const operatorSource = (batchCode: string) => `operator:${batchCode}`;

const DAY_MS = 86_400_000;
/** Coupon ids are bigints: anything else names no coupon (and must not reach SQL as one). */
const ID = /^[1-9][0-9]{0,18}$/;

const byLocale = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en : zh);

function coupon(r: CouponRow): OfferCoupon {
  return {
    couponId: r.id,
    userId: r.user_id,
    batchCode: r.batch_code,
    reduceAmount: BigInt(r.reduce_amount),
    comboIds: r.combo_ids,
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    usedAt: r.used_at,
    usedOrderNo: r.used_order_no,
    source: r.source,
  };
}

function couponView(r: NamedCouponRow, locale: Locale): Coupon {
  return {
    coupon_id: r.id,
    name: byLocale(locale, r.name, r.name_en),
    reduceAmount: minorToMoney(r.reduce_amount),
    comboIds: r.combo_ids,
    validFrom: r.valid_from.getTime(),
    validUntil: r.valid_until.getTime(),
  };
}

const onSale = (p: PackageRow): OnSalePackage => ({
  comboId: p.combo_id,
  name: p.name,
  nameEn: p.name_en,
  featureCode: p.feature_code,
  capacityMb: p.capacity_mb,
  days: p.days,
  sellPrice: BigInt(p.sell_price),
});

const feature = (f: FeatureRow): OfferFeature => ({
  featureCode: f.feature_code,
  name: f.name,
  nameEn: f.name_en,
  roleScope: f.role_scope,
  billingType: f.billing_type,
  price: BigInt(f.price),
  position: f.position,
});

const cmpBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const cmpId = (a: NamedCouponRow, b: NamedCouponRow) => cmpBig(BigInt(a.id), BigInt(b.id));
const cmpReduction = (a: NamedCouponRow, b: NamedCouponRow) => cmpBig(BigInt(b.reduce_amount), BigInt(a.reduce_amount));
const cmpExpiry = (a: NamedCouponRow, b: NamedCouponRow) => a.valid_until.getTime() - b.valid_until.getTime();

/**
 * SPEC 9's coupon orders. 2 (what the client sends): the largest reduction first, then
 * the soonest to expire; 1: the soonest to expire first, then the largest reduction.
 * The id last, so equal coupons keep one order between calls.
 */
function sortCoupons(rows: NamedCouponRow[], sortType: number): NamedCouponRow[] {
  const keys = sortType === 1 ? [cmpExpiry, cmpReduction, cmpId] : [cmpReduction, cmpExpiry, cmpId];
  return [...rows].sort((a, b) => keys.reduce((d, k) => d || k(a, b), 0));
}

/** Before its start or after its end an activity is shown as not yet, or no longer, running. */
function timing(act: ActivityRow, now: Date): 'not_started' | 'ended' | undefined {
  if (act.starts_at && act.starts_at > now) return 'not_started';
  if (act.ends_at && act.ends_at <= now) return 'ended';
  return undefined;
}

/**
 * The catalogue's rules (docs/commerce.md, "The catalogue"): what is on sale, the
 * caller's coupons, activities and their once-only draw, the operation spaces. The
 * methods taking `tx` are the purchase's: they run inside its transaction.
 */
export class OffersService {
  constructor(
    private readonly db: Database,
    private readonly repo: OffersRepository,
    private readonly clock: Clock,
    private readonly isMember: MembershipCheck,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** The package of the id if it is on sale (not withdrawn). */
  async packageOnSale(tx: Database, comboId: string): Promise<OnSalePackage | undefined> {
    const p = await this.repo.packageOnSale(tx, comboId);
    return p && onSale(p);
  }

  async feature(tx: Database, featureCode: string): Promise<OfferFeature | undefined> {
    const f = await this.repo.feature(tx, featureCode);
    return f && feature(f);
  }

  async features(tx: Database): Promise<OfferFeature[]> {
    return (await this.repo.features(tx)).map(feature);
  }

  /**
   * Checks the caller's coupon for a purchase of the package and locks it until `tx`
   * ends; it does not mark it used (markCouponUsed does, with the order). A coupon id
   * that does not exist is refused as not the caller's, like someone else's: the answer
   * says nothing of which ids exist.
   */
  async takeCoupon(tx: Database, o: { userId: string; couponId: string; comboId: string; now: Date }): Promise<TakenCoupon> {
    const row = ID.test(o.couponId) ? await this.repo.ownCouponForUpdate(tx, o.userId, o.couponId) : undefined;
    if (!row) throw new AppError('commerce.couponNotYours');
    if (row.used_at !== null) throw new AppError('commerce.couponUsed');
    if (row.valid_until <= o.now || row.valid_from > o.now) throw new AppError('commerce.couponExpired');
    if (row.combo_ids.length > 0 && !row.combo_ids.includes(o.comboId)) throw new AppError('commerce.couponNotForPackage');
    return { couponId: row.id, reduceAmount: BigInt(row.reduce_amount) };
  }

  /** Marks the coupon used by the order; false when it was used already (a conditional update). */
  markCouponUsed(tx: Database, couponId: string, orderNo: string, now: Date): Promise<boolean> {
    return this.repo.markCouponUsed(tx, couponId, orderNo, now);
  }

  /** Makes the coupon usable again if this order used it (the order was cancelled or refunded). */
  releaseCoupon(tx: Database, couponId: string, orderNo: string): Promise<boolean> {
    return this.repo.releaseCoupon(tx, couponId, orderNo);
  }

  /**
   * Gives the user a coupon of the batch, valid for the batch's days from `now`; at most
   * one per user and source (user_coupons_once), so giving again answers the first one.
   */
  async giveCoupon(tx: Database, o: { userId: string; batchCode: string; source: string; now: Date }): Promise<GivenCoupon> {
    const batch = await this.repo.batch(tx, o.batchCode);
    if (!batch) throw new AppError('commerce.couponBatchUnknown');
    const made = await this.repo.insertCoupon(tx, {
      user_id: o.userId,
      batch_code: batch.batch_code,
      // The coupon keeps what the batch said when it was given: a later edit of the batch changes only later coupons.
      reduce_amount: batch.reduce_amount,
      combo_ids: batch.combo_ids,
      valid_from: o.now,
      valid_until: new Date(o.now.getTime() + batch.valid_days * DAY_MS),
      source: o.source,
    });
    if (made) return { ...coupon(made), given: true };
    const had = await this.repo.couponBySource(tx, o.userId, o.source);
    if (!had) throw new Error(`coupon of ${o.source} neither written nor found`);
    return { ...coupon(had), given: false };
  }

  /** A book the caller names must be theirs: someone else's answers as if it did not exist. */
  private async checkMember(userId: string, bookId: string | undefined): Promise<void> {
    if (bookId !== undefined && !(await this.isMember(userId, bookId))) throw new AppError('book.notFound');
  }

  /**
   * The caller's coupons usable now for one of the packages, sorted by `sortType`. The
   * activity code is taken and not used: a coupon is for packages, whatever sells them.
   */
  async couponsForCombos(
    userId: string,
    q: { comboIds: readonly string[]; sortType?: number | undefined; bookId?: string | undefined },
    locale: Locale,
  ): Promise<Coupon[]> {
    await this.checkMember(userId, q.bookId);
    const rows = await this.repo.usableCoupons(this.db, userId, q.comboIds, this.now());
    return sortCoupons(rows, q.sortType ?? COUPON_SORT_TYPE).map((r) => couponView(r, locale));
  }

  /** An activity the caller may see: unknown and withdrawn ones are not on sale. */
  private async activity(db: Database, actCode: string): Promise<ActivityRow> {
    const act = await this.repo.activity(db, actCode);
    if (!act || act.withdrawn_at !== null) throw new AppError('commerce.notOnSale');
    return act;
  }

  /** The running activity's packages on sale, in its order. */
  async activityCombos(actCode: string, locale: Locale): Promise<ActivityCombo[]> {
    const act = await this.activity(this.db, actCode);
    if (timing(act, this.now())) throw new AppError('commerce.notOnSale');
    return (await this.repo.activityPackages(this.db, actCode)).map((p) => ({
      comboId: p.combo_id,
      comboName: byLocale(locale, p.name, p.name_en),
      featureCode: p.feature_code,
      capacityMb: p.capacity_mb,
      days: p.days,
      sellPrice: minorToMoney(p.sell_price),
      originalPrice: minorToMoney(p.original_price),
    }));
  }

  /** The activity's rule for this caller now (the activity is running and they have not drawn). */
  private async decide(db: Database, act: ActivityRow, userId: string, bookId: string | undefined, now: Date): Promise<DrawReason> {
    switch (act.rule) {
      case 'everyone':
        return 'ok';
      case 'new_payer':
        return (await this.repo.hasPaidPurchase(db, userId)) ? 'not_new_payer' : 'ok';
      case 'book_without_feature': {
        if (bookId === undefined) throw new AppError('book.notNamed');
        const codes = [
          ...new Set((await this.repo.activityPackages(db, act.act_code)).flatMap((p) => (p.feature_code ? [p.feature_code] : []))),
        ];
        return (await this.repo.bookHoldsAny(db, bookId, codes, now)) ? 'feature_held' : 'ok';
      }
    }
  }

  /** Whether the caller may draw: not after they drew, only while it runs, then by its rule. */
  async ruleCheck(userId: string, actCode: string, bookId: string | undefined): Promise<RuleCheck> {
    const act = await this.activity(this.db, actCode);
    await this.checkMember(userId, bookId);
    if (await this.repo.draw(this.db, actCode, userId)) return { eligible: false, drawn: true, reason: 'already_drawn' };
    const now = this.now();
    const reason = timing(act, now) ?? (await this.decide(this.db, act, userId, bookId, now));
    return { eligible: reason === 'ok', drawn: false, reason };
  }

  /** A recorded draw as answered: the first result, with the coupon it gave (used since or not). */
  private async answered(db: Database, d: DrawRow, locale: Locale): Promise<DrawResult> {
    const given = d.coupon_id === null ? undefined : await this.repo.namedCoupon(db, d.coupon_id);
    return { eligible: d.eligible, reason: d.reason, coupon: given ? couponView(given, locale) : null };
  }

  /**
   * The caller's draw: decided by the rule and recorded once per activity and user. A
   * second draw answers the first result. Of two at once, the second's insert waits for
   * the first to commit and then records nothing, so it answers the first's result and
   * only one coupon is given. Before the start or after the end nothing is recorded (the
   * caller may draw while it runs).
   */
  async draw(userId: string, actCode: string, bookId: string | undefined, locale: Locale): Promise<DrawResult> {
    const act = await this.activity(this.db, actCode);
    await this.checkMember(userId, bookId);
    const now = this.now();
    return this.db.transaction().execute(async (tx) => {
      const earlier = await this.repo.draw(tx, actCode, userId);
      if (earlier) return this.answered(tx, earlier, locale);
      const early = timing(act, now);
      if (early) return { eligible: false, reason: early, coupon: null };
      const reason = await this.decide(tx, act, userId, bookId, now);
      const eligible = reason === 'ok';
      const row = { act_code: actCode, user_id: userId, book_id: bookId ?? null, eligible, reason, drawn_at: now };
      if (!(await this.repo.recordDraw(tx, row))) {
        const first = await this.repo.draw(tx, actCode, userId);
        if (!first) throw new Error(`draw of ${actCode} by ${userId} neither recorded nor found`);
        return this.answered(tx, first, locale);
      }
      if (!eligible || act.draw_batch === null) return { eligible, reason, coupon: null };
      const given = await this.giveCoupon(tx, { userId, batchCode: act.draw_batch, source: drawSource(actCode), now });
      await this.repo.setDrawCoupon(tx, actCode, userId, given.couponId);
      const named = await this.repo.namedCoupon(tx, given.couponId);
      return { eligible, reason, coupon: named ? couponView(named, locale) : null };
    });
  }

  /** The items of each named space, in the order asked (an unknown space has none), in the caller's language. */
  async operationSpaces(spaceCodes: readonly string[], locale: Locale): Promise<OperationSpaceView[]> {
    const codes = [...new Set(spaceCodes)];
    const rows = await this.repo.spaceItems(this.db, codes);
    return codes.map((spaceCode) => ({
      spaceCode,
      items: rows
        .filter((r) => r.space_code === spaceCode)
        .map((r) => ({
          code: r.code,
          title: byLocale(locale, r.title, r.title_en),
          text: byLocale(locale, r.text, r.text_en),
          link: r.link,
        })),
    }));
  }
}
