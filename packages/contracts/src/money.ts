/** Money on the wire: decimal strings with at most two decimals; integer minor units inside. */
export const MONEY_PATTERN = /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$/;

/** An integer's digits as written by BigInt and the database: no leading zero, no "-0". */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;

/**
 * Converts integer minor units to the wire's decimal string ("1234" -> "12.34"). The dot
 * goes into the digits: dividing bigints cost an import of 1,000 records a millisecond.
 */
export function minorToMoney(minor: bigint | number | string): string {
  let digits = typeof minor === 'string' ? minor : String(minor);
  if (!CANONICAL_INTEGER.test(digits)) digits = BigInt(minor).toString();
  const neg = digits.startsWith('-');
  const abs = (neg ? digits.slice(1) : digits).padStart(3, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** Converts the wire's decimal string to integer minor units ("12.3" -> 1230n): one BigInt of its digits, the cents made two. */
export function moneyToMinor(money: string): bigint {
  if (!MONEY_PATTERN.test(money)) throw new RangeError(`not a money string: ${money}`);
  const dot = money.indexOf('.');
  return BigInt(dot < 0 ? `${money}00` : `${money.slice(0, dot)}${money.slice(dot + 1).padEnd(2, '0')}`);
}
