import { minorToMoney, type Budget, type LocalizedText } from '@cab/contracts';
import type { BudgetRow } from './budgets.repository.ts';

/** What a budget is for: the whole book, or a category of the first or second level. */
export interface Subject {
  id: string;
  type: 'Book' | 'Category';
  name: string;
  icon: string;
  level: 'book' | 'first' | 'second';
}

export const subjectOut = (s: Subject) => ({ id: s.id, type: s.type, name: s.name, icon: s.icon });

/** Used as a percentage of the budget, rounded half up to one decimal. */
export function percentUsed(used: bigint, amount: bigint): number {
  const tenths = (used * 1000n + (used >= 0n ? amount / 2n : -amount / 2n)) / amount;
  return Number(tenths) / 10;
}

export function presentBudget(row: BudgetRow, subject: Subject, used: bigint, periodStart: number): Budget {
  const amount = BigInt(row.amount_minor);
  return {
    budget_id: row.id,
    budget_amount: minorToMoney(amount),
    budget_type: row.budget_type,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    subject: subjectOut(subject),
    recurrence_type: row.recurrence_type,
    start_time: periodStart,
    used_amount: minorToMoney(used),
    remaining_amount: minorToMoney(amount - used),
    percent_used: percentUsed(used, amount),
    overspent: used > amount,
  };
}

/** The period an overspent budget's message speaks of: the current one of its recurrence. */
export const PERIOD_WORDS: Record<BudgetRow['recurrence_type'], LocalizedText> = {
  Day: { 'zh-CN': '今日', en: 'today' },
  Week: { 'zh-CN': '本周', en: 'this week' },
  Month: { 'zh-CN': '本月', en: 'this month' },
  Season: { 'zh-CN': '本季度', en: 'this quarter' },
  Year: { 'zh-CN': '今年', en: 'this year' },
  ALL: { 'zh-CN': '累计', en: 'all time' },
};

/** How a message names a budget: the total budget, or a category's by the category's name. */
export const budgetWords = (s: Subject): LocalizedText =>
  s.type === 'Book' ? { 'zh-CN': '总预算', en: 'the total budget' } : { 'zh-CN': `「${s.name}」预算`, en: `the "${s.name}" budget` };
