import {
  CatalogueCode,
  FeatureCode,
  MONEY_PATTERN,
  Money,
  RECHARGE_MAX_MINOR,
  RECHARGE_MIN_MINOR,
  Text,
  minorToMoney,
  moneyToMinor,
} from '@cab/contracts';
import { z } from 'zod';
import { isPageRoute } from '../home/operation-input.ts';

/** The most any price or reduction may be: 50,000,000.00 banana shells, as a client's amount (ShellAmount). */
const MAX_MINOR = 5_000_000_000n;

/** Banana shells as the operator writes them ("6.00"), within [min, max] minor units; read as minor units. */
const Shells = (min: bigint, max: bigint) =>
  Money.refine(
    (v) => {
      // A malformed amount is the pattern's to report (zod runs every check).
      if (!MONEY_PATTERN.test(v)) return true;
      const m = moneyToMinor(v);
      return m >= min && m <= max;
    },
    `must be ${minorToMoney(min)} to ${minorToMoney(max)} banana shells`,
  ).transform(moneyToMinor);

const Position = z.number().int().min(0).max(9999).default(0);
const ZhName = Text(40, { min: 1 });
const EnName = Text(80, { min: 1 });
const When = z.iso
  .datetime({ offset: true })
  .nullable()
  .default(null)
  .transform((v) => (v === null ? null : new Date(v)));
const Link = z
  .string()
  .max(500)
  .refine((v) => v === '' || isPageRoute(v) || /^https:\/\/[^\s@]+$/.test(v), 'must be a page route of SPEC section 2 or an https address');

/** The packages a coupon batch or an activity names, each once. */
const ComboIds = z
  .array(CatalogueCode)
  .max(50)
  .default([])
  .refine((ids) => new Set(ids).size === ids.length, 'names a package twice');

export const FeatureInput = z
  .object({
    featureCode: FeatureCode,
    name: ZhName,
    nameEn: EnName,
    roleScope: z.enum(['all', 'manager']).default('all'),
    billingType: z.enum(['OneOff', 'PerDay']),
    price: Shells(0n, MAX_MINOR),
    position: Position,
  })
  .strict();

export const PackageInput = z
  .object({
    comboId: CatalogueCode,
    name: ZhName,
    nameEn: EnName,
    /** What it gives: days of a feature, or MB of cloud space (issue 28); exactly one. */
    featureCode: FeatureCode.optional(),
    capacityMb: z.number().int().min(1).max(10_485_760).optional(),
    days: z.number().int().min(1).max(3660),
    sellPrice: Shells(0n, MAX_MINOR),
    /** The crossed-out price beside the sell price ("0.00": none). */
    originalPrice: Shells(0n, MAX_MINOR).default(0n),
    position: Position,
  })
  .strict()
  .refine((p) => (p.featureCode === undefined) !== (p.capacityMb === undefined), 'gives either featureCode or capacityMb');

export const ActivityInput = z
  .object({
    actCode: CatalogueCode,
    name: ZhName,
    nameEn: EnName,
    startsAt: When,
    endsAt: When,
    rule: z.enum(['everyone', 'new_payer', 'book_without_feature']).default('everyone'),
    /** What a successful draw gives: a coupon of this batch (null: nothing). */
    drawBatch: CatalogueCode.nullable().default(null),
    /** Its packages, in the order the activity shows them. */
    comboIds: ComboIds,
  })
  .strict()
  .refine((a) => !a.startsAt || !a.endsAt || a.endsAt > a.startsAt, { path: ['endsAt'], message: 'must be after startsAt' });

export const CouponBatchInput = z
  .object({
    batchCode: CatalogueCode,
    name: ZhName,
    nameEn: EnName,
    reduceAmount: Shells(1n, MAX_MINOR),
    /** The packages its coupons apply to (empty: any). */
    comboIds: ComboIds,
    validDays: z.number().int().min(1).max(3660),
  })
  .strict();

export const StairInput = z
  .object({
    amount: Shells(BigInt(RECHARGE_MIN_MINOR), BigInt(RECHARGE_MAX_MINOR)),
    firstBonus: Shells(0n, MAX_MINOR).default(0n),
    corner: Text(20).default(''),
    cornerEn: Text(40).default(''),
    position: Position,
  })
  .strict();

export const SpaceItemInput = z
  .object({
    spaceCode: CatalogueCode,
    code: CatalogueCode,
    title: ZhName,
    titleEn: EnName,
    text: Text(200, { multiline: true }).default(''),
    textEn: Text(400, { multiline: true }).default(''),
    link: Link.default(''),
    position: Position,
  })
  .strict();

/**
 * The operator's file (npm run cab -- offers publish <file.json>): any of these arrays.
 * Each entry is created, or updated by its code; the whole file is written in one
 * transaction or not at all.
 */
export const OffersFile = z
  .object({
    features: z.array(FeatureInput).max(100).default([]),
    packages: z.array(PackageInput).max(200).default([]),
    activities: z.array(ActivityInput).max(100).default([]),
    couponBatches: z.array(CouponBatchInput).max(100).default([]),
    stairs: z.array(StairInput).max(20).default([]),
    spaceItems: z.array(SpaceItemInput).max(100).default([]),
  })
  .strict()
  .refine((f) => Object.values(f).some((list) => list.length > 0), 'holds nothing to publish');

export type OffersFileInput = z.input<typeof OffersFile>;
export type OffersSpec = z.output<typeof OffersFile>;
export type FeatureSpec = z.output<typeof FeatureInput>;
export type PackageSpec = z.output<typeof PackageInput>;
export type ActivitySpec = z.output<typeof ActivityInput>;
export type CouponBatchSpec = z.output<typeof CouponBatchInput>;
export type StairSpec = z.output<typeof StairInput>;
export type SpaceItemSpec = z.output<typeof SpaceItemInput>;
