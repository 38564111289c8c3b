/**
 * Exact decimals for Beancount's balancing: a posting's weight is its units times a price or
 * a cost, with as many places as the file writes, and a float would round them wrongly.
 */

/** n / 10^scale. */
export interface Decimal {
  n: bigint;
  scale: number;
}

export const ZERO: Decimal = { n: 0n, scale: 0 };

/** A plain decimal number ("-1,234.5678", "+3", ".5"); undefined when it is not one. */
export function parseDecimal(text: string): Decimal | undefined {
  const t = text.trim().replace(/,(?=\d{3}(?:\D|$))/g, '');
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (!m[2] && !m[3])) return undefined;
  const frac = m[3] ?? '';
  const n = BigInt(`${m[2] || '0'}${frac}`);
  return { n: m[1] === '-' ? -n : n, scale: frac.length };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.n * 10n ** BigInt(scale - a.scale), b.n * 10n ** BigInt(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { n: x + y, scale };
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { n: a.n * b.n, scale: a.scale + b.scale };
}

export function neg(a: Decimal): Decimal {
  return { n: -a.n, scale: a.scale };
}

export function abs(a: Decimal): Decimal {
  return a.n < 0n ? neg(a) : a;
}

export function sign(a: Decimal): -1 | 0 | 1 {
  return a.n < 0n ? -1 : a.n > 0n ? 1 : 0;
}

/** a's magnitude against b's: -1, 0 or 1. */
export function compareAbs(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(abs(a), abs(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Written out in full ("-12.300" stays "-12.300"), for parseAmount to judge its places. */
export function toText(a: Decimal): string {
  const digits = (a.n < 0n ? -a.n : a.n).toString().padStart(a.scale + 1, '0');
  const whole = a.scale ? `${digits.slice(0, -a.scale)}.${digits.slice(-a.scale)}` : digits;
  return a.n < 0n ? `-${whole}` : whole;
}

/** Rounded half away from zero to two places: for weights a price made, which carry a price's places. */
export function round2(a: Decimal): Decimal {
  if (a.scale <= 2) return a;
  const div = 10n ** BigInt(a.scale - 2);
  const m = a.n < 0n ? -a.n : a.n;
  const r = (m + div / 2n) / div;
  return { n: a.n < 0n ? -r : r, scale: 2 };
}
