import { AMOUNT_MAX_MINOR, minorToMoney } from '@cab/contracts/client';
import type { TKey, TVars } from '../i18n/index.ts';

/**
 * The rules of a money field typed on the system keyboard (budgets, role prices): what
 * it may hold while being typed, and what it must be to be saved. Text the field cannot
 * take is refused as a whole, with the reason; it is never rewritten into another
 * amount ("-5" is not 5, "1e3" is not 13). Money stays a string or minor units, never a float.
 */
export interface AmountRules {
  /** The largest amount in minor units (9,999,999,999.99 by default, as the server takes). */
  maxMinor?: bigint;
  /** Zero is a valid amount (a free role), not only amounts above it. */
  zero?: boolean;
}

export interface AmountProblem {
  key: TKey;
  vars?: TVars;
}

/** Typed text so far: digits, then at most one point and two decimals ("", "12", "12.", "0.5"). */
const PARTIAL = /^(\d*)(?:\.(\d*))?$/;

/** The typed text in minor units ("12." is 1200); undefined unless it is digits with at most two decimals. */
export function typedMinor(typed: string): bigint | undefined {
  const m = PARTIAL.exec(typed.trim());
  if (!m || (m[2]?.length ?? 0) > 2 || (!m[1] && !m[2])) return undefined;
  return BigInt(m[1] || '0') * 100n + BigInt(((m[2] ?? '') + '00').slice(0, 2));
}

/** Why the field cannot take this text while it is typed, or undefined when it can. */
export function typingProblem(typed: string, rules: AmountRules = {}): AmountProblem | undefined {
  const v = typed.trim();
  const m = PARTIAL.exec(v);
  if (!m) {
    if (/^-/.test(v) && PARTIAL.test(v.slice(1))) return { key: 'record.amount.negative' };
    const bad = [...v].find((c) => !/[\d.]/.test(c)) ?? '.';
    return { key: 'record.amount.onlyDigits', vars: { text: bad } };
  }
  if ((m[2]?.length ?? 0) > 2) return { key: 'record.amount.decimals' };
  const minor = typedMinor(v);
  const max = rules.maxMinor ?? AMOUNT_MAX_MINOR;
  if (minor !== undefined && minor > max) return { key: 'record.amount.tooHigh', vars: { max: groupMoney(minorToMoney(max)) } };
  return undefined;
}

/** Why the typed text cannot be saved, or undefined when it can. */
export function amountProblem(typed: string, rules: AmountRules = {}): AmountProblem | undefined {
  if (!typed.trim()) return { key: 'record.amount.empty' };
  const typing = typingProblem(typed, rules);
  if (typing) return typing;
  const minor = typedMinor(typed);
  if (minor === undefined) return { key: 'record.amount.onlyDigits', vars: { text: typed.trim() } };
  if (minor === 0n && !rules.zero) return { key: 'record.amount.zero' };
  return undefined;
}

/** The wire's amount of a valid typed one: "1000" -> "1000.00", "007.5" -> "7.50". */
export const typedToWire = (typed: string): string => minorToMoney(typedMinor(typed) ?? 0n);

/** A wire amount as it is typed again: "1000.00" -> "1000", "12.50" -> "12.5". */
export const wireToTyped = (amount: string): string => amount.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');

/** "9999999999.99" -> "9,999,999,999.99". */
function groupMoney(money: string): string {
  const [units = '0', cents] = money.split('.');
  return `${units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents ? `.${cents}` : ''}`;
}
