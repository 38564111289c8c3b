/**
 * The operator's command for a book's premium features (SPEC 6), until the commerce area
 * sells them:
 *
 *   npm run premium -w @cab/server                                  # list every grant
 *   npm run premium -w @cab/server -- grant <bookId> budget_advanced [days]
 *   npm run premium -w @cab/server -- revoke <bookId> budget_advanced
 *
 * It uses the same database as the server (DATABASE_URL, else the embedded one in
 * CAB_DATA_DIR); with the embedded database, stop the server first (one process owns it).
 */
import path from 'node:path';
import { PREMIUM_FEATURES } from '@cab/contracts';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { PremiumRepository } from './modules/premium/premium.repository.ts';

const FEATURES: readonly string[] = Object.values(PREMIUM_FEATURES);
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(handle.db);
  const premium = new PremiumRepository(handle.db);
  const [verb, bookId, feature, days] = process.argv.slice(2);
  if (verb === 'grant' || verb === 'revoke') {
    const book =
      bookId && /^[1-9][0-9]{0,18}$/.test(bookId)
        ? await handle.db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()
        : undefined;
    if (!book) throw new Error(`no such book: ${bookId ?? '(none)'}`);
    if (!feature || !FEATURES.includes(feature)) throw new Error(`not a feature: ${feature ?? '(none)'} (one of ${FEATURES.join(', ')})`);
    if (verb === 'grant') {
      if (days !== undefined && !/^[1-9][0-9]{0,4}$/.test(days)) throw new Error(`not a number of days: ${days}`);
      const expires = days ? new Date(Date.now() + Number(days) * 86_400_000) : null;
      await premium.grant(book.id, feature, expires, 'operator');
      console.log(`granted ${feature} to book ${book.id}${expires ? ` until ${expires.toISOString()}` : ''}`);
    } else {
      console.log(
        (await premium.revoke(book.id, feature)) ? `revoked ${feature} from book ${book.id}` : `book ${book.id} did not hold ${feature}`,
      );
    }
  } else if (verb === undefined) {
    for (const g of await premium.list()) {
      console.log(`${g.book_id}  ${g.feature_code}  ${g.source}  ${g.expires_at ? new Date(g.expires_at).toISOString() : 'no expiry'}`);
    }
  } else {
    throw new Error(`unknown command: ${verb} (grant, revoke, or nothing to list)`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
