import {
  ALL_START_TIME,
  BOOK_PATHS,
  MEMBER_PATHS,
  minorToMoney,
  moneyToMinor,
  type Budget,
  type RecurrenceType,
  type SubjectBudgets,
} from '@cab/contracts/client';
import type { UserInfo } from '@cab/contracts/client';
import type { Mock } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { useBookStore } from '../../stores/book.ts';
import { useUserStore } from '../../stores/user.ts';
import { useBudgetPeriod } from './useBudgetBook.ts';
import type { BudgetChild, BudgetSubject } from './types.ts';

/** A book in Shanghai whose months start on the 1st and weeks on Monday, as the server answers it. */
export const BOOK = {
  id: '9',
  name: '家庭',
  member_count: 3,
  role_list: [{ role_id: '2', role_name: 'admin' }],
  time_zone: 'Asia/Shanghai',
  date_gap: 1,
  day_gap: 1,
  currency: 'CNY',
};

/** The server's now: 2026-11-18 12:00 in Shanghai (a Wednesday of week 47). */
export const NOW = Date.UTC(2026, 10, 18, 4);
const TZ = 8 * 3600_000;

/** The bounds of the period of a recurrence that holds an instant, in the book's zone (UTC+8). */
export function periodOf(r: RecurrenceType, at: number): SubjectBudgets['period'] {
  if (r === 'ALL') return { recurrence_type: r, start_time: ALL_START_TIME, end_time: null };
  const l = new Date(at + TZ);
  const [y, m, d] = [l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate()];
  const span: Record<Exclude<RecurrenceType, 'ALL'>, [number, number]> = {
    Day: [Date.UTC(y, m, d), Date.UTC(y, m, d + 1)],
    Week: [Date.UTC(y, m, d - ((l.getUTCDay() + 6) % 7)), Date.UTC(y, m, d - ((l.getUTCDay() + 6) % 7) + 7)],
    Month: [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)],
    Season: [Date.UTC(y, m - (m % 3), 1), Date.UTC(y, m - (m % 3) + 3, 1)],
    Year: [Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1)],
  };
  const [start, end] = span[r];
  return { recurrence_type: r, start_time: start - TZ, end_time: end - TZ };
}

export const subject = (id: string, name: string, icon = 'food', type: BudgetSubject['type'] = 'Category'): BudgetSubject => ({
  id,
  type,
  name,
  icon,
});

/** A budget with its figures worked out as the server does. */
export function budget(id: string, s: BudgetSubject, amount: string, used: string, extra: Partial<Budget> = {}): Budget {
  const a = moneyToMinor(amount);
  const u = moneyToMinor(used);
  return {
    budget_id: id,
    budget_amount: amount,
    budget_type: 'Expense',
    subject_type: s.type,
    subject_id: s.id,
    subject: s,
    recurrence_type: 'Month',
    start_time: periodOf('Month', NOW).start_time,
    used_amount: used,
    remaining_amount: minorToMoney(a - u),
    percent_used: Math.round(Number((u * 10000n) / a) / 10) / 10,
    overspent: u > a,
    ...extra,
  };
}

const child = (s: BudgetSubject, b: Budget | null, used: string): BudgetChild => ({ subject: s, budget: b, used_amount: used });

export const BOOK_SUBJECT = subject('9', '家庭', 'other', 'Book');
export const FOOD = subject('11', '餐饮', 'food');
export const TRANSPORT = subject('12', '交通', 'transport');
export const SHOPPING = subject('13', '购物', 'shopping');
export const FUN = subject('14', '娱乐', 'other');
export const BREAKFAST = subject('111', '早餐', 'food');
export const LUNCH = subject('112', '午餐', 'food');

export interface Fake {
  /** The book-level preferences. */
  prefs: Array<{ key: string; value: string }>;
  granted: Set<string>;
  advanced: boolean;
  total: Budget | null;
  cats: BudgetChild[];
  subs: Record<string, BudgetChild[]>;
  /** Paths that fail, and how. */
  fail: Map<string, ApiError>;
}

/** A month with a total of 5,000 (3,200.50 used), food over its budget, transport under it, shopping without one. */
export function fakeBook(): Fake {
  return {
    prefs: [],
    granted: new Set(['010002']),
    advanced: true,
    total: budget('b0', BOOK_SUBJECT, '5000.00', '3200.50'),
    cats: [
      child(FOOD, budget('b1', FOOD, '2000.00', '2500.00'), '2500.00'),
      child(TRANSPORT, budget('b2', TRANSPORT, '500.00', '120.00'), '120.00'),
      child(SHOPPING, null, '300.00'),
      child(FUN, null, '0.00'),
    ],
    subs: {
      '11': [child(BREAKFAST, budget('b3', BREAKFAST, '300.00', '100.00'), '100.00'), child(LUNCH, null, '800.00')],
    },
    fail: new Map(),
  };
}

export const emptyBook = (f: Fake): Fake => ({ ...f, total: null, cats: f.cats.map((c) => ({ ...c, budget: null })) });

const sumOf = (xs: BudgetChild[]) => minorToMoney(xs.reduce((s, c) => s + (c.budget ? moneyToMinor(c.budget.budget_amount) : 0n), 0n));
const SUBJECT_URL = /^\/cab-config-ws\/account-book\/subjects\/(Book|Category)\/(\d+)\/budgets$/;

/** What the mocked request wrapper answers, by path. */
export function answer(fake: Fake, url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  const path = url.split('?')[0]!;
  const failure = fake.fail.get(path) ?? fake.fail.get(url);
  if (failure) throw failure;
  const method = o.method ?? 'POST';
  if (url.startsWith(BOOK_PATHS.book)) return { data: BOOK };
  if (url === MEMBER_PATHS.permissions) {
    const codes = String(o.data?.code ?? '').split(',');
    return { data: Object.fromEntries(codes.map((c) => [c, fake.granted.has(c) ? '1' : '0'])) };
  }
  if (url === BOOK_PATHS.preferenceLevel) return { data: { user: [], book: fake.prefs } };
  if (url === BOOK_PATHS.preference && method === 'PATCH') {
    for (const c of (o.data?.configs ?? []) as Array<{ key: string; value: string }>)
      fake.prefs = [...fake.prefs.filter((p) => p.key !== c.key), c];
    return { data: fake.prefs };
  }
  const m = SUBJECT_URL.exec(url);
  if (m && method === 'GET') {
    const recurrence = (o.data?.recurrence_type ?? 'Month') as RecurrenceType;
    const at = typeof o.data?.start_time === 'number' ? o.data.start_time : NOW;
    const isBook = m[1] === 'Book';
    const own = isBook ? undefined : fake.cats.find((c) => c.subject.id === m[2]);
    if (!isBook && !own) throw new ApiError(422, 1094, '预算对象不存在或不属于这个账本');
    const children = isBook ? fake.cats : (fake.subs[m[2]!] ?? []);
    const data: SubjectBudgets = {
      subject: isBook ? BOOK_SUBJECT : own!.subject,
      budget: isBook ? fake.total : own!.budget,
      used_amount: isBook ? '3200.50' : own!.used_amount,
      children,
      children_sum: sumOf(children),
      period: periodOf(recurrence, at),
      now: NOW,
      dateGap: 1,
      dayGap: 1,
      features: { budget_advanced: fake.advanced },
    };
    return { data };
  }
  if (method !== 'GET') return method === 'DELETE' ? null : { data: {} };
  throw new Error(`unexpected ${method} ${url}`);
}

/** Before each screen test: no stored state, the mocked request answering from the fake book, a signed-in user in book 9. */
export function resetBudgetScreens(request: Mock, book: () => Fake): void {
  localStorage.clear();
  request.mockReset();
  request.mockImplementation((url: string, o: { method?: string; data?: Record<string, unknown> }) =>
    Promise.resolve().then(() => answer(book(), url, o)),
  );
  useUserStore.setState({ user: { userid: '2', account: '13800138002' } as UserInfo, login: true });
  useBookStore.setState({ bookId: '9' });
  useBudgetPeriod.setState({ bookId: '', at: null });
}
