import { z } from 'zod';
import { EpochMs, Id, Money } from './common.ts';
import { ALL_START_TIME, BUDGET_TYPES, RECURRENCE_TYPES, SUBJECT_TYPES } from './budgets-paths.ts';
import type { MessageKey } from './messages.ts';

export const RecurrenceType = z.enum(RECURRENCE_TYPES);
export const BudgetType = z.enum(BUDGET_TYPES);
export const SubjectType = z.enum(SUBJECT_TYPES);
export type RecurrenceType = z.infer<typeof RecurrenceType>;
export type BudgetType = z.infer<typeof BudgetType>;
export type SubjectType = z.infer<typeof SubjectType>;

/** A budget amount: above zero, two decimals at most. */
export const BudgetAmount = Money.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'must be above zero').refine(
  (v) => v.replace('.', '').replace(/^0+/, '').length <= 12 && Number(v) < 1e10,
  'at most 9,999,999,999.99',
);

export const BudgetSubject = z.object({ id: z.string(), type: SubjectType, name: z.string(), icon: z.string() });

/** A budget with what its period used (SPEC 3 fields, and used, remaining, percent). */
export const Budget = z.object({
  budget_id: z.string(),
  budget_amount: z.string(),
  budget_type: BudgetType,
  subject_type: SubjectType,
  subject_id: z.string(),
  subject: BudgetSubject,
  recurrence_type: RecurrenceType,
  /** The start of the period the figures are for (epoch ms; ALL: -28800). */
  start_time: z.number().int(),
  used_amount: z.string(),
  /** Budget minus used; negative once overspent. */
  remaining_amount: z.string(),
  /** Used as a percentage of the budget, one decimal (125.5). */
  percent_used: z.number(),
  overspent: z.boolean(),
});
export type Budget = z.infer<typeof Budget>;

export const SubjectParams = z.object({ subject_type: SubjectType, subject_id: Id });
export const AddBudgetParams = z.object({ type: SubjectType, id: Id, budget_type: BudgetType, recurrence_type: RecurrenceType });
export const BudgetIdParams = z.object({ budget_id: Id });
export const SumParams = z.object({ type: SubjectType, id: Id });

/** An instant of a budget's period (epoch ms, in the time range a client may send), or ALL's -28800. */
const BudgetStartTime = z.union([z.literal(ALL_START_TIME), EpochMs]);

export const SubjectBudgetsQuery = z.object({
  recurrence_type: RecurrenceType.optional(),
  budget_type: BudgetType.optional(),
  /** Any instant of the period to show (default now); ALL takes -28800. */
  start_time: z.coerce.number().pipe(BudgetStartTime).optional(),
});

/** One child of a subject (a first-level category of the book, a second-level one of a category), with its budget if any. */
export const BudgetChild = z.object({ subject: BudgetSubject, budget: Budget.nullable(), used_amount: z.string() });
export const SubjectBudgetsResponse = z.object({
  data: z.object({
    subject: BudgetSubject,
    budget: Budget.nullable(),
    used_amount: z.string(),
    children: z.array(BudgetChild),
    /** The sum of the children's budgets (what sum-budget would set). */
    children_sum: z.string(),
    period: z.object({ recurrence_type: RecurrenceType, start_time: z.number().int(), end_time: z.number().int().nullable() }),
    /** SPEC 3 budget state: the server's now, the month start (dateGap) and week start (dayGap). */
    now: z.number().int(),
    dateGap: z.number().int(),
    dayGap: z.number().int(),
    /** Whether the book has the advanced budgets feature (SPEC 6: otherwise the not-opened prompt). */
    features: z.object({ budget_advanced: z.boolean() }),
  }),
});
export type SubjectBudgets = z.infer<typeof SubjectBudgetsResponse>['data'];

export const AddBudgetRequest = z.object({ budget_amount: BudgetAmount, start_time: BudgetStartTime.optional() });
export const UpdateBudgetRequest = z.object({ budget_amount: BudgetAmount });
export const SumBudgetRequest = z.object({ budget_type: BudgetType.optional(), recurrence_type: RecurrenceType.optional() });
export const ExtendBudgetRequest = z
  .object({
    subject_type: SubjectType,
    subject_id: Id,
    budget_type: BudgetType.optional(),
    from_recurrence_type: RecurrenceType,
    to_recurrence_type: RecurrenceType,
  })
  .refine((v) => v.from_recurrence_type !== v.to_recurrence_type, 'budget.extendSame' satisfies MessageKey);
export const BudgetResponse = z.object({ data: Budget });
export const BudgetListResponse = z.object({ data: z.array(Budget) });
