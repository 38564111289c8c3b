import { MONEY_PATTERN, moneyToMinor, type Budget } from '@cab/contracts/client';

/** Past 100% of the budget: drawn in the warning colour. */
export const isOver = (b: Pick<Budget, 'percent_used' | 'overspent'>): boolean => b.overspent || b.percent_used > 100;

/** A money string's size, for comparisons without floats. */
export const minorOf = (amount: string): bigint => (MONEY_PATTERN.test(amount) ? moneyToMinor(amount) : 0n);
