import {
  ALL_START_TIME,
  BOOK_PATHS,
  BUDGET_DEFAULTS,
  BUDGET_PATHS,
  BUDGET_PREFERENCE_KEYS,
  BUDGET_TYPES,
  RECURRENCE_TYPES,
  bookPath,
  type Budget,
  type BudgetType,
  type RecurrenceType,
  type SubjectBudgets,
  type SubjectType,
} from '@cab/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { bookPreferences, type PreferenceConfig } from '../books/queries.ts';
import { ApiError } from '../../api/request.ts';
import { useUserStore } from '../../stores/user.ts';

/** What the budget screens show: a recurrence and a type (kept as book-level preferences, SPEC 4). */
export interface BudgetChoice {
  recurrence: RecurrenceType;
  type: BudgetType;
}

export const DEFAULT_CHOICE: BudgetChoice = { recurrence: BUDGET_DEFAULTS.recurrence_type, type: BUDGET_DEFAULTS.budget_type };

/** A subject of budgets: the whole book (its total) or a category. */
export interface Subject {
  type: SubjectType;
  id: string;
}

/** The budgets area's queries, each under its book. */
export const budgetKeys = {
  all: ['budgets'] as const,
  book: (bookId: string) => [...budgetKeys.all, bookId] as const,
  /** `at`: an instant of the period shown (null: the server's now). */
  subject: (bookId: string, s: Subject, c: BudgetChoice, at: number | null) =>
    [...budgetKeys.book(bookId), 'subject', s.type, s.id, c.recurrence, c.type, at ?? 'now'] as const,
  choice: (userId: string, bookId: string) => ['preferences', userId, 'book', bookId, 'budget'] as const,
};

/** The start time a query is asked with: ALL has one of its own; otherwise the instant chosen, or none (now). */
export const startTimeOf = (recurrence: RecurrenceType, at: number | null): number | undefined =>
  recurrence === 'ALL' ? ALL_START_TIME : (at ?? undefined);

export const budgetQueries = {
  /** A subject's budget and its children's, with what the period used. */
  subject: (bookId: string, s: Subject, c: BudgetChoice, at: number | null) =>
    queryOptions({
      queryKey: budgetKeys.subject(bookId, s, c, at),
      queryFn: () => {
        const start = startTimeOf(c.recurrence, at);
        return request<{ data: SubjectBudgets }>(bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: s.type, subject_id: s.id }), {
          method: 'GET',
          data: { recurrence_type: c.recurrence, budget_type: c.type, ...(start === undefined ? {} : { start_time: start }) },
          // A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
          loading: false,
          showError: false,
          tradingEntity: bookId,
        }).then((r) => r.data);
      },
    }),
};

const oneOf = <T extends string>(values: readonly T[], v: string | undefined, fallback: T): T =>
  (values as readonly string[]).includes(v ?? '') ? (v as T) : fallback;

type Config = PreferenceConfig;

/** The stored choice of a book; anything unknown or unset is the default (SPEC 9). */
export function choiceOf(book: Config[]): BudgetChoice {
  const value = (key: string) => book.find((c) => c.key === key)?.value;
  return {
    recurrence: oneOf(RECURRENCE_TYPES, value(BUDGET_PREFERENCE_KEYS.recurrence), DEFAULT_CHOICE.recurrence),
    type: oneOf(BUDGET_TYPES, value(BUDGET_PREFERENCE_KEYS.type), DEFAULT_CHOICE.type),
  };
}

export const choiceQuery = (userId: string, bookId: string) =>
  queryOptions({
    queryKey: budgetKeys.choice(userId, bookId),
    // The book-level values come with the preferences of each level, for the Trading-Entity.
    queryFn: () => bookPreferences(bookId).then(choiceOf),
    staleTime: Infinity,
  });

/**
 * The recurrence and type the budget screens show, kept per book (SPEC 4), and the
 * change of them. A change shows at once; a failed save is only logged, and the screen
 * keeps the new choice (SPEC 8). While the choice loads, `pending` holds the screen on
 * its skeleton; a failed load means the defaults.
 */
export function useBudgetChoice(bookId: string) {
  const userId = useUserStore((s) => s.user?.userid ?? '');
  const qc = useQueryClient();
  const query = choiceQuery(userId, bookId);
  const q = useQuery({ ...query, enabled: Boolean(userId && bookId) });
  const choice = q.data ?? DEFAULT_CHOICE;
  const save = useMutation({
    mutationFn: (next: BudgetChoice) => {
      const configs: Config[] = [];
      if (next.recurrence !== choice.recurrence) configs.push({ key: BUDGET_PREFERENCE_KEYS.recurrence, value: next.recurrence });
      if (next.type !== choice.type) configs.push({ key: BUDGET_PREFERENCE_KEYS.type, value: next.type });
      qc.setQueryData(query.queryKey, next);
      if (!configs.length) return Promise.resolve();
      return request(BOOK_PATHS.preference, {
        method: 'PATCH',
        loading: false,
        showError: false,
        tradingEntity: bookId,
        data: { configs, level: 'book' },
      });
    },
    onError: (err) => console.warn('budget preference not saved', err),
  });
  return {
    choice,
    pending: Boolean(userId && bookId) && q.isPending,
    change: (next: Partial<BudgetChoice>) => save.mutate({ ...choice, ...next }),
  };
}

/** After any change of budgets, the book's budget lists refresh (SPEC 4). */
const budgetsChanged = (qc: QueryClient, bookId: string) => qc.invalidateQueries({ queryKey: budgetKeys.book(bookId) });

// Mutations: the request wrapper toasts a refusal in the user's language; the screen says what went well.
const send = <T = unknown>(bookId: string, url: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', data?: Record<string, unknown>) =>
  request<T>(url, { method, data, tradingEntity: bookId });

export interface NewBudget {
  subject: Subject;
  choice: BudgetChoice;
  /** The wire's amount, "1000.00". */
  amount: string;
}

/**
 * Adds a budget for a subject, type and recurrence. One that already exists (another
 * member was quicker: 409) is toasted, and the lists refresh to show it.
 */
export function useAddBudget(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, choice, amount }: NewBudget) =>
      send<{ data: Budget }>(
        bookId,
        bookPath(BUDGET_PATHS.add, { type: subject.type, id: subject.id, budget_type: choice.type, recurrence_type: choice.recurrence }),
        'POST',
        { budget_amount: amount },
      ),
    onSuccess: () => budgetsChanged(qc, bookId),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void budgetsChanged(qc, bookId);
    },
  });
}

export function useUpdateBudget(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ budgetId, amount }: { budgetId: string; amount: string }) =>
      send<{ data: Budget }>(bookId, bookPath(BUDGET_PATHS.budget, { budget_id: budgetId }), 'PATCH', { budget_amount: amount }),
    onSuccess: () => budgetsChanged(qc, bookId),
  });
}

export function useDeleteBudget(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (budgetId: string) => send(bookId, bookPath(BUDGET_PATHS.budget, { budget_id: budgetId }), 'DELETE'),
    onSuccess: () => budgetsChanged(qc, bookId),
  });
}

/** Sets a subject's budget to the sum of its children's (the total from the category budgets). */
export function useSumBudget(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, choice }: { subject: Subject; choice: BudgetChoice }) =>
      send<{ data: Budget }>(bookId, bookPath(BUDGET_PATHS.sum, { type: subject.type, id: subject.id }), 'PUT', {
        budget_type: choice.type,
        recurrence_type: choice.recurrence,
      }),
    onSuccess: () => budgetsChanged(qc, bookId),
  });
}

/** Carries a subject's budgets over to a longer recurrence (a premium feature). */
export function useExtendBudget(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, type, from, to }: { subject: Subject; type: BudgetType; from: RecurrenceType; to: RecurrenceType }) =>
      send(bookId, BUDGET_PATHS.extend, 'POST', {
        subject_type: subject.type,
        subject_id: subject.id,
        budget_type: type,
        from_recurrence_type: from,
        to_recurrence_type: to,
      }),
    onSuccess: () => budgetsChanged(qc, bookId),
  });
}
