import { AMOUNT_MAX_MINOR, minorToMoney } from '@cab/contracts/client';

/**
 * The amount keypad's logic, apart from its buttons: the typed text ("", "12", "12.",
 * "12.3", "-8.5") grows one key at a time and never becomes what the server would
 * refuse: at most two decimals, at most AMOUNT_MAX, no leading zeros. Money stays a
 * string or integer minor units here, never a float.
 */
export type PadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back' | 'sign';

const DIGITS = new Set(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

/** The typed text's value in minor units ("" and "." are 0; "12." is 1200). */
export function typedToMinor(typed: string): bigint {
  const neg = typed.startsWith('-');
  const body = neg ? typed.slice(1) : typed;
  const [units = '', cents = ''] = body.split('.');
  const v = BigInt(units || '0') * 100n + BigInt((cents + '00').slice(0, 2));
  return neg ? -v : v;
}

/** The wire's decimal string of the typed text ("12." -> "12.00", "" -> "0.00"). */
export const typedToMoney = (typed: string): string => minorToMoney(typedToMinor(typed));

/** The typed text for an amount from the wire ("12.30" -> "12.3", "5.00" -> "5"), to edit it. */
export function moneyToTyped(money: string): string {
  const [units = '0', cents = ''] = money.split('.');
  const trimmed = cents.replace(/0+$/, '');
  return trimmed ? `${units}.${trimmed}` : units;
}

/** The text after one key; a key that would break a rule changes nothing. */
export function pressKey(typed: string, key: PadKey, max: bigint = AMOUNT_MAX_MINOR): string {
  const neg = typed.startsWith('-');
  const body = neg ? typed.slice(1) : typed;
  if (key === 'back') return typed.slice(0, -1) === '-' ? '' : typed.slice(0, -1);
  if (key === 'sign') return neg ? body : `-${body}`;
  let next: string;
  if (key === '.') {
    if (body.includes('.')) return typed;
    next = body === '' ? '0.' : `${body}.`;
  } else if (DIGITS.has(key)) {
    const dot = body.indexOf('.');
    if (dot >= 0 && body.length - dot - 1 >= 2) return typed; // two decimals at most
    next = body === '0' ? key : body + key; // no leading zeros
  } else {
    return typed;
  }
  if (typedToMinor(next) > max) return typed;
  return neg ? `-${next}` : next;
}

/** The typed text with thousands separators as it is shown while typing ("1234.5" -> "1,234.5"). */
export function groupTyped(typed: string): string {
  const neg = typed.startsWith('-');
  const body = neg ? typed.slice(1) : typed;
  const [units = '', ...rest] = body.split('.');
  const grouped = (units || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${rest.length ? `.${rest.join('')}` : ''}`;
}
