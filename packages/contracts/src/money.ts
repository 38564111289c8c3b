/** Money on the wire: decimal strings with at most two decimals; integer minor units inside. */
export const MONEY_PATTERN = /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$/;

/** Converts integer minor units to the wire's decimal string ("1234" -> "12.34"). */
export function minorToMoney(minor: bigint | number | string): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const units = abs / 100n;
  const cents = abs % 100n;
  return `${neg ? '-' : ''}${units}.${cents.toString().padStart(2, '0')}`;
}

/** Converts the wire's decimal string to integer minor units ("12.3" -> 1230n). */
export function moneyToMinor(money: string): bigint {
  if (!MONEY_PATTERN.test(money)) throw new RangeError(`not a money string: ${money}`);
  const neg = money.startsWith('-');
  const [units = '0', cents = ''] = (neg ? money.slice(1) : money).split('.');
  const v = BigInt(units) * 100n + BigInt(cents.padEnd(2, '0') || '0');
  return neg ? -v : v;
}
