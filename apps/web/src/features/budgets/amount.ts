import { MONEY_PATTERN, minorToMoney, moneyToMinor, type Budget } from '@cab/contracts/client';
import type { TKey } from '../../i18n/index.ts';

/** The largest budget the server takes: 9,999,999,999.99 (ten digits before the point). */
const MAX_MINOR = 999_999_999_999n;
const INTEGER_DIGITS = 10;

/** An amount as it is typed: digits and one point with at most two decimals, no leading zeros. */
export function amountFilter(v: string): string {
  const m = new RegExp(`^(\\d{0,${INTEGER_DIGITS}})(\\.\\d{0,2})?`).exec(v.replace(/[^\d.]/g, ''));
  return m ? m[0].replace(/^0+(?=\d)/, '') : '';
}

/** "12." is 12: a point with nothing after it is dropped. */
const tidy = (v: string) => v.trim().replace(/\.$/, '');

/** The rule of a budget amount (docs/ui.md): above zero, at most two decimals, at most 9,999,999,999.99. */
export function amountError(v: string): TKey | undefined {
  const a = tidy(v);
  if (!a) return 'budgets.amount.empty';
  if (!MONEY_PATTERN.test(a) || a.startsWith('-')) return 'budgets.amount.invalid';
  const minor = moneyToMinor(a);
  if (minor <= 0n) return 'budgets.amount.zero';
  if (minor > MAX_MINOR) return 'budgets.amount.tooHigh';
  return undefined;
}

/** The wire's amount of a valid typed one: "1000" -> "1000.00". */
export const wireAmount = (v: string): string => minorToMoney(moneyToMinor(tidy(v)));

/** A budget's amount as it is typed again: "1000.00" -> "1000", "12.50" -> "12.5". */
export const typedAmount = (amount: string): string => amount.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');

/** Past 100% of the budget: drawn in the warning colour. */
export const isOver = (b: Pick<Budget, 'percent_used' | 'overspent'>): boolean => b.overspent || b.percent_used > 100;

/** A money string's size, for comparisons without floats. */
export const minorOf = (amount: string): bigint => (MONEY_PATTERN.test(amount) ? moneyToMinor(amount) : 0n);
