import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';

/** Rates are kept with 10 decimals; amounts are integer minor units. */
const SCALE = 10_000_000_000n;

export function parseRate(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,10}))?\d*$/.exec(text.trim());
  if (!m) throw new RangeError(`not a rate: ${text}`);
  return BigInt(m[1] ?? '0') * SCALE + BigInt((m[2] ?? '').padEnd(10, '0'));
}

export function formatRate(scaled: bigint): string {
  const units = scaled / SCALE;
  const frac = (scaled % SCALE).toString().padStart(10, '0').replace(/0+$/, '');
  return frac ? `${units}.${frac}` : `${units}`;
}

/** a / b rounded half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return neg ? -q : q;
}

/** How many units of `to` one unit of `from` buys, both given in CNY per unit (scaled). */
export function crossRate(fromCny: bigint, toCny: bigint): bigint {
  return divRound(fromCny * SCALE, toCny);
}

/** Converts minor units at a scaled rate, rounding to the cent. */
export function convertMinor(amount: bigint, scaledRate: bigint): bigint {
  return divRound(amount * scaledRate, SCALE);
}

export interface RateRow {
  currency: string;
  rate: string;
  updated_at: Date;
}

/** The exchange-rate table (units of CNY per unit), kept by an operator (`npm run cab -- rates set`). */
export class RatesRepository {
  constructor(private readonly db: Database) {}

  async get(currency: string, db: Database = this.db): Promise<RateRow | undefined> {
    const row = await db
      .selectFrom('currency_rates')
      .select(['currency', (eb) => eb.cast<string>('rate', 'text').as('rate'), 'updated_at'])
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row;
  }

  /** The whole table, by currency. */
  list(): Promise<RateRow[]> {
    return this.db
      .selectFrom('currency_rates')
      .select(['currency', (eb) => eb.cast<string>('rate', 'text').as('rate'), 'updated_at'])
      .orderBy('currency')
      .execute();
  }

  async set(currency: string, rate: string, at: Date): Promise<void> {
    await this.db
      .insertInto('currency_rates')
      .values({ currency, rate, updated_at: at })
      .onConflict((oc) => oc.column('currency').doUpdateSet({ rate, updated_at: at }))
      .execute();
  }

  /** The scaled rate from one currency to another; refuses a currency without a rate. */
  async rate(from: string, to: string, db: Database = this.db): Promise<{ rate: bigint; updatedAt: Date }> {
    if (from === to) return { rate: SCALE, updatedAt: new Date(0) };
    const [a, b] = await Promise.all([this.get(from, db), this.get(to, db)]);
    if (!a) throw new AppError('transaction.noRate', { currency: from });
    if (!b) throw new AppError('transaction.noRate', { currency: to });
    const updatedAt = a.updated_at > b.updated_at ? a.updated_at : b.updated_at;
    return { rate: crossRate(parseRate(a.rate), parseRate(b.rate)), updatedAt };
  }
}

export const RATE_ONE = SCALE;
