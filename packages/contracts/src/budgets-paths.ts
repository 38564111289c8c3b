/**
 * The budgets area's paths (SPEC 7) and constants (SPEC 3, 9); zod-free for the web.
 * docs/budgets.md tells what the spec leaves open.
 */
export const BUDGET_PATHS = {
  /** A subject's budget and its children's, with what the period used. */
  subjectBudgets: '/cab-config-ws/account-book/subjects/:subject_type/:subject_id/budgets',
  add: '/cab-config-ws/account-book/subjects/budgets/:type/:id/:budget_type/:recurrence_type',
  /** PATCH (amount) and DELETE. */
  budget: '/cab-config-ws/account-book/budgets/:budget_id',
  /** Sets a subject's budget to the sum of its children's. */
  sum: '/cab-config-ws/account-book/subjects/:type/:id/budgets/sum-budget',
  /** Carries a subject's budgets over to a longer recurrence (a month's plan to a year's). */
  extend: '/cab-config-ws/account-book/budgets/extend',
} as const;

export const RECURRENCE_TYPES = ['Day', 'Week', 'Month', 'Season', 'Year', 'ALL'] as const;
type Recurrence = (typeof RECURRENCE_TYPES)[number];
export const BUDGET_TYPES = ['Expense', 'Income'] as const;
/** Budget subjects: a category (first or second level), or the whole book (the total budget). */
export const SUBJECT_TYPES = ['Category', 'Book'] as const;

/** SPEC 9 defaults. */
export const BUDGET_DEFAULTS = { budget_type: 'Expense', subject_type: 'Category', recurrence_type: 'Month' } as const;
/** SPEC 9: the start time an 'ALL' budget is asked with (seconds of 1970-01-01 00:00 in UTC+8); ALL has no bounds. */
export const ALL_START_TIME = -28800;
/** The book-level preferences the budget center keeps its choice in (SPEC 4). */
export const BUDGET_PREFERENCE_KEYS = { recurrence: 'budget.recurrence_type', type: 'budget.budget_type' } as const;

/** How many times a shorter recurrence fits a longer one, where it fits a whole number of times. */
export const EXTEND_FACTORS: Readonly<Partial<Record<Recurrence, Partial<Record<Recurrence, number>>>>> = {
  Day: { Week: 7 },
  Month: { Season: 3, Year: 12 },
  Season: { Year: 4 },
};

/** Premium features of a book (SPEC 6), sold by the commerce area; granted here by an operator. */
export const PREMIUM_FEATURES = {
  /** Budgets for second-level categories, and extending a plan to a longer recurrence. */
  budgetAdvanced: 'budget_advanced',
} as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[keyof typeof PREMIUM_FEATURES];
