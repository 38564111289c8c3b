import { z } from 'zod';
import { dataOf, Id, listOf, Money } from './common.ts';
import {
  FUNCTION_APPLIES,
  FUNCTION_APPLY_STATUSES,
  MEMBER_USER_TYPE,
  OWNER_USER_TYPE,
  SHARE_APPLY_STATUSES,
  SHARE_STATES,
} from './cloud-paths.ts';

/** GET user-type: whether the caller owns the Trading-Entity book (SPEC 4). */
export const UserTypeResponse = dataOf(z.object({ user_type: z.enum([OWNER_USER_TYPE, MEMBER_USER_TYPE]) }));
export type UserTypeResponse = z.infer<typeof UserTypeResponse>;

/** A space package on sale: MB for days, for a price in banana shells. */
export const CloudPackage = z.object({
  combo_id: z.string(),
  name: z.string(),
  capacity_mb: z.number().int(),
  days: z.number().int(),
  sell_price: Money,
  /** The crossed-out price beside it ('0.00': none). */
  original_price: Money,
});
export type CloudPackage = z.infer<typeof CloudPackage>;
export const CloudLatestResponse = listOf(CloudPackage);

/** One grant of rented space in a book: bought by an order, in effect from its start to its end. */
export const SpaceGrant = z.object({
  id: z.string(),
  book_id: z.string(),
  book_name: z.string(),
  order_no: z.string(),
  name: z.string(),
  capacity_mb: z.number().int(),
  starts_at: z.number(),
  ends_at: z.number(),
  /** Whole days left, counted in the book's time zone (0 on its last day). */
  days_left: z.number().int(),
});
export type SpaceGrant = z.infer<typeof SpaceGrant>;
/** The grants that count for the book now: its own, and the rest of its sharing relation's. */
export const InEffectResponse = listOf(SpaceGrant);

/** What the book itself holds in effect, summed; the relation's total is capacity/info's. */
export const GatherResponse = dataOf(
  z.object({
    book_id: z.string(),
    /** Each book's space before any rental. */
    base_mb: z.number().int(),
    /** The book's own rented space in effect now. */
    rented_mb: z.number().int(),
    grants: z.number().int(),
    /** When the first of them ends, and the last (null: none). */
    next_end: z.number().nullable(),
    last_end: z.number().nullable(),
  }),
);
export type Gather = z.infer<typeof GatherResponse>['data'];

export const GrantParams = z.object({ id: Id });
export const ExpireInfoResponse = dataOf(
  z.object({ id: z.string(), capacity_mb: z.number().int(), ends_at: z.number(), days_left: z.number().int() }),
);

const BookRef = z.object({ id: z.string(), name: z.string() });

/** A book's application to share a main book's space, and how it stands. */
export const ShareApply = z.object({
  id: z.string(),
  main_book: BookRef,
  book: BookRef,
  status: z.enum(SHARE_APPLY_STATUSES),
  applicant_name: z.string(),
  created_at: z.number(),
  decided_at: z.number().nullable(),
});
export type ShareApply = z.infer<typeof ShareApply>;
export const ShareApplyResponse = dataOf(ShareApply);
export const ShareApplyParams = z.object({ id: Id });

export const ShareStateResponse = dataOf(
  z.object({
    state: z.enum(SHARE_STATES),
    /** The book this one shares (or applied to share); null for a main book or one on its own. */
    main_book: BookRef.nullable(),
    /** The open application or relation of this book (null: none). */
    apply_id: z.string().nullable(),
    /** How many books share this book's space (a main book). */
    sharing_count: z.number().int(),
  }),
);
export type ShareStateInfo = z.infer<typeof ShareStateResponse>['data'];

/** A book the caller may apply to share: a book of theirs with rented space in effect. */
export const ShareCandidate = z.object({ id: z.string(), name: z.string(), rented_mb: z.number().int() });
export const ShareBooksResponse = dataOf(
  z.object({
    /** The books sharing this book's space (this book a main book). */
    sharing: z.array(ShareApply),
    /** Applications to share this book's space, waiting for an answer. */
    applications: z.array(ShareApply),
    /** Main books this book may apply to share (empty unless this book is on its own). */
    can_apply: z.array(ShareCandidate),
  }),
);
export type ShareBooks = z.infer<typeof ShareBooksResponse>['data'];

export const ApplyMainBookRequest = z.object({ main_book_id: Id });
/** Untie: a sharing book ends its own relation; a main book names the book it lets go. */
export const UntieRequest = z.object({ book_id: Id.optional() });

export const ShareRelationBook = z.object({
  id: z.string(),
  name: z.string(),
  main: z.boolean(),
  /** MB this book's images take, two decimals. */
  used: z.string(),
});
export const ShareRelationResponse = dataOf(
  z
    .object({
      main_book: BookRef,
      books: z.array(ShareRelationBook),
      /** The relation's space, MB with two decimals: used by all its books, and in all. */
      used: z.string(),
      total: z.string(),
    })
    .nullable(),
);
export type ShareRelation = NonNullable<z.infer<typeof ShareRelationResponse>['data']>;

const FunctionCodeSchema = z.enum(Object.keys(FUNCTION_APPLIES) as [keyof typeof FUNCTION_APPLIES]);
const BizType = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a function type');
export const FunctionApplyRequest = z.object({ biz_type: BizType, biz_code: FunctionCodeSchema });
export const FunctionApplyParams = z.object({ biz_type: BizType, biz_code: FunctionCodeSchema });
export const FunctionApply = z.object({
  biz_type: z.string(),
  biz_code: z.string(),
  /** null: never applied (issue 29's "audit status null"). */
  status: z.enum(FUNCTION_APPLY_STATUSES).nullable(),
  remark: z.string(),
  applied_at: z.number().nullable(),
  decided_at: z.number().nullable(),
});
export type FunctionApply = z.infer<typeof FunctionApply>;
export const FunctionApplyResponse = dataOf(FunctionApply);
