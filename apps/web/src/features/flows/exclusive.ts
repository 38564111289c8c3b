import { BOOK_PATHS, type FlowType, type StatisticsQuery } from '@cab/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { bookPreferences } from '../books/queries.ts';
import { useUserStore } from '../../stores/user.ts';

/**
 * 专属流水: the user's own default view of a book's flow page. It is a book-level
 * preference of the user (each member keeps their own for each book), stored as JSON:
 * `{"types":["Expense","Income"],"accounts":["12"],"members":["0","7"]}`. An empty
 * list means "all"; a view that keeps everything is no view at all.
 */
export const EXCLUSIVE_KEY = 'flow.exclusive';

/** The types a view can show; Balance is the balance entries. */
export const VIEW_TYPES = ['Expense', 'Income', 'Transfer', 'Balance'] as const satisfies readonly FlowType[];
export type ViewType = (typeof VIEW_TYPES)[number];

export interface ExclusiveView {
  types: ViewType[];
  /** Account ids; empty: every account. */
  accounts: string[];
  /** Member ids ("0": no member); empty: every member. */
  members: string[];
}

export const ALL_VIEW: ExclusiveView = { types: [...VIEW_TYPES], accounts: [], members: [] };

const ID = /^(0|[1-9][0-9]{0,18})$/;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const unique = <T>(xs: T[]) => [...new Set(xs)];

/**
 * A stored value read as a view. Anything unreadable (not JSON, wrong shapes, unknown
 * types, ids that are not ids) is dropped rather than failing the flow page: at worst
 * the user sees every record, never none. Accounts cannot be "none".
 */
export function parseExclusive(value: string | undefined | null): ExclusiveView | undefined {
  if (!value) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const types = unique(strings(o.types).filter((t): t is ViewType => (VIEW_TYPES as readonly string[]).includes(t)));
  const view: ExclusiveView = {
    types: VIEW_TYPES.filter((t) => types.includes(t)),
    accounts: unique(strings(o.accounts).filter((id) => ID.test(id) && id !== '0')),
    members: unique(strings(o.members).filter((id) => ID.test(id))),
  };
  if (!view.types.length) view.types = [...VIEW_TYPES];
  return isAllView(view) ? undefined : view;
}

export const isAllView = (v: ExclusiveView): boolean => v.types.length === VIEW_TYPES.length && !v.accounts.length && !v.members.length;

/** The stored form of a view; the empty string clears it. */
export function serializeExclusive(v: ExclusiveView | undefined): string {
  if (!v || isAllView(v)) return '';
  return JSON.stringify({ types: VIEW_TYPES.filter((t) => v.types.includes(t)), accounts: v.accounts, members: v.members });
}

/** The chips of the flow page: all, or one type. */
export const CHIP_TYPES = ['Expense', 'Income', 'Transfer'] as const;
export type ChipType = 'all' | (typeof CHIP_TYPES)[number];

/**
 * The statistics query of the flow page: the chip's type within the view's types, and
 * the view's accounts and members. With no view and the "all" chip, every type shows
 * (loans, refunds and the other types included).
 */
export function viewQuery(view: ExclusiveView | undefined, chip: ChipType): StatisticsQuery {
  const q: StatisticsQuery = {};
  if (chip !== 'all') q.category_types = [chip];
  else if (view && view.types.length < VIEW_TYPES.length) q.category_types = [...view.types];
  if (view?.accounts.length) q.account_ids = [...view.accounts];
  if (view?.members.length) q.member_ids = [...view.members];
  return q;
}

export const parseChip = (v: string | null): ChipType => ((CHIP_TYPES as readonly string[]).includes(v ?? '') ? (v as ChipType) : 'all');

/** The chips a view offers: all, and each type of the view that has a chip. */
export const chipsOf = (view: ExclusiveView | undefined): ChipType[] => [
  'all',
  ...CHIP_TYPES.filter((t) => !view || view.types.includes(t)),
];

export const exclusiveQuery = (userId: string, bookId: string) =>
  queryOptions({
    queryKey: ['preferences', userId, 'book', bookId, EXCLUSIVE_KEY] as const,
    queryFn: () => bookPreferences(bookId).then((book) => parseExclusive(book.find((c) => c.key === EXCLUSIVE_KEY)?.value) ?? null),
    staleTime: Infinity,
  });

/** The user's view of a book's flow (null: none), and saving or clearing it. */
export function useExclusiveView(bookId: string) {
  const userId = useUserStore((s) => s.user?.userid ?? '');
  const qc = useQueryClient();
  const query = exclusiveQuery(userId, bookId);
  const view = useQuery({ ...query, enabled: Boolean(userId && bookId) });
  const save = useMutation({
    mutationFn: (next: ExclusiveView | undefined) =>
      request(BOOK_PATHS.preference, {
        method: 'PATCH',
        loading: true,
        tradingEntity: bookId,
        data: { configs: [{ key: EXCLUSIVE_KEY, value: serializeExclusive(next) }], level: 'book' },
      }),
    onSuccess: (_r, next) => qc.setQueryData(query.queryKey, next && !isAllView(next) ? next : null),
  });
  return { view, save };
}

/** The "all" choice of a multiple choice whose empty selection means all. */
export const ALL_CHOICE = '__all';

/**
 * A multiple choice with an "all" option: choosing "all" clears the others, choosing
 * another clears "all", and choosing none means all again. Answers the ids chosen
 * ([] for all).
 */
export function pickWithAll(before: readonly string[], chosen: readonly string[]): string[] {
  const wantsAll = chosen.includes(ALL_CHOICE) && before.length > 0;
  return wantsAll ? [] : chosen.filter((v) => v !== ALL_CHOICE);
}

/** What a multiple choice with "all" shows as chosen. */
export const shownChoice = (ids: readonly string[]): string[] => (ids.length ? [...ids] : [ALL_CHOICE]);
