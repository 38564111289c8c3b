import { CatalogueCode, minorToMoney } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import { describeIssues } from '../home/operation-input.ts';
import { OffersAdminRepository } from './offers-admin.repository.ts';
import { OffersFile, type OffersSpec } from './offers-input.ts';
import { OffersRepository, type ActivityRow } from './offers.repository.ts';
import { OffersService, operatorSource } from './offers.service.ts';

const USAGE = 'list, publish <file.json>, withdraw <package|activity|space-item> <code>, or give-coupon <batchCode> <userId>';
const USER_ID = /^[1-9][0-9]{0,18}$/;

/** One table of the listing: the command line prints it with its columns lined up. */
export interface ListSection {
  title: string;
  header: string[];
  rows: string[][];
  empty: string;
}

const shells = (minor: string) => minorToMoney(minor);

function activityState(a: ActivityRow, now: Date): string {
  if (a.withdrawn_at) return 'withdrawn';
  if (a.starts_at && a.starts_at > now) return `from ${a.starts_at.toISOString()}`;
  if (a.ends_at && a.ends_at <= now) return `ended ${a.ends_at.toISOString()}`;
  return a.ends_at ? `running until ${a.ends_at.toISOString()}` : 'running';
}

/** Everything on the catalogue, as the operator's listing shows it (amounts in banana shells). */
export async function offersListing(db: Database, now: Date, admin = new OffersAdminRepository()): Promise<ListSection[]> {
  const [features, packages, activities, batches, stairs, items] = [
    await admin.features(db),
    await admin.packages(db),
    await admin.activities(db),
    await admin.couponBatches(db),
    await admin.stairs(db),
    await admin.spaceItems(db),
  ];
  return [
    {
      title: 'features',
      header: ['feature', 'billing', 'scope', 'price', 'name'],
      rows: features.map((f) => [f.feature_code, f.billing_type, f.role_scope, shells(f.price), f.name]),
      empty: 'no features',
    },
    {
      title: 'packages',
      header: ['package', 'gives', 'days', 'price', 'was', 'state', 'name'],
      rows: packages.map((p) => [
        p.combo_id,
        p.feature_code ?? `${p.capacity_mb ?? 0} MB`,
        String(p.days),
        shells(p.sell_price),
        p.original_price === '0' ? '' : shells(p.original_price),
        p.withdrawn_at ? 'withdrawn' : 'on sale',
        p.name,
      ]),
      empty: 'no packages',
    },
    {
      title: 'activities',
      header: ['activity', 'rule', 'state', 'draw gives', 'packages', 'name'],
      rows: activities.map((a) => [a.act_code, a.rule, activityState(a, now), a.draw_batch ?? '', a.combo_ids.join(','), a.name]),
      empty: 'no activities',
    },
    {
      title: 'coupon batches',
      header: ['batch', 'reduces', 'valid days', 'packages', 'name'],
      rows: batches.map((b) => [b.batch_code, shells(b.reduce_amount), String(b.valid_days), b.combo_ids.join(',') || 'any', b.name]),
      empty: 'no coupon batches',
    },
    {
      title: 'recharge stairs',
      header: ['amount', 'first bonus', 'corner'],
      rows: stairs.map((s) => [shells(s.amount), shells(s.first_bonus), s.corner]),
      empty: 'no recharge stairs',
    },
    {
      title: 'operation spaces',
      header: ['item', 'state', 'link', 'title'],
      rows: items.map((i) => [`${i.space_code}/${i.code}`, i.withdrawn_at ? 'withdrawn' : 'on show', i.link, i.title]),
      empty: 'no operation space items',
    },
  ];
}

/** The first code a list holds twice. */
function twice(codes: readonly string[]): string | undefined {
  return codes.find((c, i) => codes.indexOf(c) !== i);
}

/**
 * Writes the file in one transaction, features first so the packages after them may name
 * them, then packages, coupon batches, activities, stairs and space items. A reference
 * to a code neither in the file nor already published stops it, and nothing is written.
 */
export async function publishOffers(db: Database, spec: OffersSpec, admin = new OffersAdminRepository()): Promise<string[]> {
  const keyed: Array<[string, string[]]> = [
    ['feature', spec.features.map((f) => f.featureCode)],
    ['package', spec.packages.map((p) => p.comboId)],
    ['activity', spec.activities.map((a) => a.actCode)],
    ['coupon batch', spec.couponBatches.map((b) => b.batchCode)],
    ['stair', spec.stairs.map((s) => String(s.amount))],
    ['space item', spec.spaceItems.map((i) => `${i.spaceCode}/${i.code}`)],
  ];
  for (const [what, codes] of keyed) {
    const dup = twice(codes);
    if (dup !== undefined) throw new Error(`the file has the ${what} ${what === 'stair' ? shells(dup) : dup} twice`);
  }
  return db.transaction().execute(async (t) => {
    const missing = async (what: 'feature' | 'package' | 'batch', codes: readonly string[], who: string) => {
      const unknown = await admin.unknown(t, what, codes);
      if (unknown.length) throw new Error(`${who} names the ${what} ${unknown.join(', ')}, neither in the file nor published`);
    };
    const done: string[] = [];
    for (const f of spec.features) done.push(`${await admin.feature(t, f)} feature ${f.featureCode}`);
    for (const p of spec.packages) {
      if (p.featureCode) await missing('feature', [p.featureCode], `package ${p.comboId}`);
      done.push(`${await admin.package(t, p)} package ${p.comboId}`);
    }
    for (const b of spec.couponBatches) {
      await missing('package', b.comboIds, `coupon batch ${b.batchCode}`);
      done.push(`${await admin.couponBatch(t, b)} coupon batch ${b.batchCode}`);
    }
    for (const a of spec.activities) {
      await missing('package', a.comboIds, `activity ${a.actCode}`);
      if (a.drawBatch !== null) await missing('batch', [a.drawBatch], `activity ${a.actCode}`);
      done.push(`${await admin.activity(t, a)} activity ${a.actCode}`);
    }
    for (const s of spec.stairs) done.push(`${await admin.stair(t, s)} stair ${shells(String(s.amount))}`);
    for (const i of spec.spaceItems) done.push(`${await admin.spaceItem(t, i)} space item ${i.spaceCode}/${i.code}`);
    return done;
  });
}

/** The service as the command uses it: giving coupons needs no book, so no one is a member of any. */
export function commandOffers(db: Database, now: Date): OffersService {
  return new OffersService(db, new OffersRepository(), { now: () => now.getTime() }, async () => false);
}

async function giveCoupon(db: Database, batchCode: string, userId: string, now: Date): Promise<string> {
  if (!CatalogueCode.safeParse(batchCode).success) throw new Error(`not a batch code: ${batchCode}`);
  if (!USER_ID.test(userId)) throw new Error(`not a user id: ${userId}`);
  if (!(await new OffersAdminRepository().userExists(db, userId))) throw new Error(`no such user: ${userId}`);
  const offers = commandOffers(db, now);
  try {
    const c = await db.transaction().execute((tx) => offers.giveCoupon(tx, { userId, batchCode, source: operatorSource(batchCode), now }));
    const what = `coupon ${c.couponId} of ${batchCode} (${shells(String(c.reduceAmount))} off, valid until ${c.validUntil.toISOString()})`;
    return c.given ? `gave user ${userId} ${what}` : `user ${userId} already has ${what}: nothing given`;
  } catch (err) {
    if (err instanceof AppError && err.key === 'commerce.couponBatchUnknown') throw new Error(`no coupon batch ${batchCode}`);
    throw err;
  }
}

/**
 * The operator's command (npm run cab -- offers), apart from the process so tests drive it
 * on their database: answers the lines to print, or throws what is wrong. A file with
 * anything wrong changes nothing.
 */
export async function offersCommand(
  db: Database,
  args: readonly string[],
  o: { now: Date; readFile: (file: string) => string },
): Promise<string[]> {
  const [verb, arg, arg2, extra] = args;
  if (extra !== undefined) throw new Error(`too many arguments (${USAGE})`);
  if (verb === 'list' || verb === undefined) {
    return (await offersListing(db, o.now)).flatMap((s) => [
      `${s.title}:`,
      ...(s.rows.length ? s.rows.map((r) => `  ${r.join('  ')}`) : [`  ${s.empty}`]),
    ]);
  }
  if (verb === 'publish') {
    if (!arg || arg2 !== undefined) throw new Error('publish needs one JSON file');
    let json: unknown;
    try {
      json = JSON.parse(o.readFile(arg));
    } catch (err) {
      throw new Error(`cannot read ${arg}: ${(err as Error).message}`);
    }
    const parsed = OffersFile.safeParse(json);
    if (!parsed.success) throw new Error(`${arg} is not valid:\n${describeIssues(parsed.error)}`);
    return publishOffers(db, parsed.data);
  }
  if (verb === 'withdraw') {
    if (!arg || !arg2) throw new Error('withdraw needs what (package, activity or space-item) and its code');
    const admin = new OffersAdminRepository();
    if (arg === 'package' || arg === 'activity') {
      if (!(await admin.withdraw(db, arg, arg2, o.now))) throw new Error(`no ${arg} ${arg2} on ${arg === 'package' ? 'sale' : 'show'}`);
      return [`withdrew ${arg} ${arg2}`];
    }
    if (arg === 'space-item') {
      const [space = '', code = ''] = arg2.split('/');
      if (!(await admin.withdrawSpaceItem(db, space, code, o.now)))
        throw new Error(`no space item ${arg2} on show (write it as <spaceCode>/<code>)`);
      return [`withdrew space item ${arg2}`];
    }
    throw new Error(`withdraw a package, an activity or a space-item, not ${arg}`);
  }
  if (verb === 'give-coupon') {
    if (!arg || !arg2) throw new Error('give-coupon needs <batchCode> <userId>');
    return [await giveCoupon(db, arg, arg2, o.now)];
  }
  throw new Error(`unknown command: ${verb} (${USAGE})`);
}
