/**
 * The operator's command for the exchange-rate table (units of CNY per unit):
 *
 *   npm run rates -w @cab/server                    # print the table
 *   npm run rates -w @cab/server -- USD=7.12 EUR=7.7  # set rates (adds new currencies)
 *
 * It uses the same database as the server (DATABASE_URL, else the embedded one in
 * CAB_DATA_DIR); with the embedded database, stop the server first (one process owns it).
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { formatRate, parseRate, RatesRepository } from './modules/accounting/rates.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(handle.db);
  const rates = new RatesRepository(handle.db);
  const changes = process.argv.slice(2);
  for (const arg of changes) {
    const m = /^([A-Z]{3})=(\d{1,14}(?:\.\d{1,10})?)$/.exec(arg);
    if (!m || parseRate(m[2]!) <= 0n) {
      console.error(`not a rate: ${arg} (write CODE=units of CNY, e.g. USD=7.12)`);
      process.exitCode = 1;
      continue;
    }
    await rates.set(m[1]!, m[2]!, new Date());
    console.log(`${m[1]} = ${m[2]} CNY`);
  }
  if (!changes.length) {
    const rows = await handle.db
      .selectFrom('currency_rates')
      .select(['currency', (eb) => eb.cast<string>('rate', 'text').as('rate'), 'updated_at'])
      .orderBy('currency')
      .execute();
    for (const r of rows)
      console.log(`${r.currency}  ${formatRate(parseRate(r.rate)).padEnd(14)}  ${new Date(r.updated_at).toISOString()}`);
  }
} finally {
  await handle.close();
}
