/**
 * The operator's command (`npm run cab -- ...`): the dispatcher on a real migrated
 * database, each group's subcommands as the old scripts did them, and the process
 * itself for help, usage errors and a destructive command without a terminal.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGE_PATHS, PREMIUM_FEATURES } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, runCab, startTestApp, type TestApp } from '../../test/harness.ts';
import { PremiumRepository } from '../modules/premium/premium.repository.ts';
import { JobsRepository } from '../platform/jobs/jobs.repository.ts';
import { MessagesRepository } from '../modules/messages/messages.repository.ts';
import { MessagesService } from '../modules/messages/messages.service.ts';
import { COMMANDS } from './commands/index.ts';
import { displayWidth, formatTable } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
let t: TestApp;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-cli-test-'));
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const cab = (...argv: string[]) => runCab(t, argv, { cwd: work });

describe('help and usage', () => {
  it('help lists every subcommand of every group, and exits 0', async () => {
    const help = await cab('help');
    expect(help.code).toBe(0);
    const text = help.out.join('\n');
    for (const g of COMMANDS)
      for (const s of g.subcommands) expect(text).toContain(['npm run cab --', g.name, s.name].filter(Boolean).join(' '));
    for (const name of [
      'premium grant',
      'rates set',
      'content publish',
      'community publish-official',
      'operations withdraw',
      'offers publish <file.json>',
      'offers give-coupon <batchCode> <userId>',
      'moderation resolve',
      'backup <file>',
      'restore <file>',
    ])
      expect(text).toContain(`npm run cab -- ${name}`);
    expect((await cab('--help')).out).toEqual(help.out);
  });

  it('<group> help, --help and help <group> print the group usage', async () => {
    const a = await cab('premium', 'help');
    expect(a.code).toBe(0);
    expect(a.out.join('\n')).toMatch(/npm run cab -- premium revoke <bookId> <feature>/);
    expect(a.out.join('\n')).toContain(PREMIUM_FEATURES.budgetAdvanced);
    expect((await cab('premium', '--help')).out).toEqual(a.out);
    expect((await cab('help', 'premium')).out).toEqual(a.out);
    expect((await cab('premium', 'grant', '-h')).out).toEqual(a.out);
  });

  it('a mistake in the command line is a usage error: status 2, one line and where to look', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /premium list/],
      [['nope'], /unknown command: nope/],
      [['help', 'nope'], /unknown command: nope/],
      [['premium', 'sell'], /unknown command: premium sell \(list, grant, revoke\)/],
      [['premium', 'grant'], /premium grant needs <bookId> <feature>/],
      [['premium', 'grant', '1', 'budget_advanced', '3', 'x'], /too many arguments for premium grant/],
      [['premium', 'grant', 'abc', 'budget_advanced'], /not a book id: abc/],
      [['premium', 'grant', '99999999999999999999', 'budget_advanced'], /not a book id/],
      [['premium', 'grant', '1', 'gold'], /not a feature: gold \(one of budget_advanced\)/],
      [['premium', 'grant', '1', 'budget_advanced', '0'], /days must be a whole number from 1 to 99999, not 0/],
      [['premium', 'list', '--limit', '3'], /unknown option: --limit/],
      [['premium', 'list', '-x'], /unknown option: -x/],
      [['rates', 'set'], /rates set needs <CODE=rate>/],
      [['moderation', 'resolve', '1', 'maybe'], /decide keep or remove, not maybe/],
      [['backup'], /backup needs <file>/],
      [['restore', 'a', 'b'], /too many arguments for restore/],
    ];
    for (const [argv, says] of cases) {
      const r = await cab(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err.join('\n'), argv.join(' ')).toMatch(says);
      if (argv.length) expect(r.err.at(-1), argv.join(' ')).toMatch(/^see: npm run cab -- (\w+ )?help$/);
    }
  });

  it('prints tables whose columns line up, Chinese counted two columns wide', () => {
    expect(displayWidth('预算a')).toBe(5);
    expect(
      formatTable(
        ['a', 'b', 'c'],
        [
          ['试试', 'x', '最后'],
          ['abcde', 'yy', 'z'],
        ],
        'none',
      ),
    ).toEqual(['a      b   c', '试试   x   最后', 'abcde  yy  z']);
    expect(formatTable(['a'], [], 'nothing here')).toEqual(['nothing here']);
    expect(formatTable(['a', 'b'], [['x\ny', 'z']], '')).toEqual(['a    b', 'x y  z']);
  });
});

describe('premium', () => {
  it('grants, lists and revokes; revoking asks, or needs --yes, and a script without it changes nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const repo = new PremiumRepository(t.db);
    const feature = PREMIUM_FEATURES.budgetAdvanced;
    expect(await cab('premium', 'grant', book.id, feature, '30')).toMatchObject({
      code: 0,
      out: [expect.stringMatching(`granted ${feature} to book ${book.id} until 20`)],
    });
    expect(await repo.holds(book.id, feature, new Date(t.clock.now() + 29 * 86_400_000))).toBe(true);
    expect(await repo.holds(book.id, feature, new Date(t.clock.now() + 31 * 86_400_000))).toBe(false);
    expect(await cab('premium', 'grant', book.id, feature)).toMatchObject({ code: 0, out: [`granted ${feature} to book ${book.id}`] });
    const list = await cab('premium');
    expect(list.out[0]).toMatch(/^book +feature +source +expires$/);
    expect(list.out).toContainEqual(expect.stringMatching(new RegExp(`^${book.id} +${feature} +operator +no expiry$`)));

    const refused = await cab('premium', 'revoke', book.id, feature);
    expect(refused.code).toBe(2);
    expect(refused.err[0]).toBe(`revoking ${feature} from book ${book.id} cannot be undone: run it at a terminal to confirm, or add --yes`);
    const cancelled = await runCab(t, ['premium', 'revoke', book.id, feature], { interactive: true, answer: 'n' });
    expect(cancelled).toMatchObject({ code: 1, err: ['cancelled: nothing changed'] });
    expect(await repo.holds(book.id, feature, new Date(t.clock.now()))).toBe(true);

    const asked = await runCab(t, ['premium', 'revoke', book.id, feature], { interactive: true, answer: 'yes' });
    expect(asked.code).toBe(0);
    expect(asked.out).toEqual([
      `revoking ${feature} from book ${book.id} cannot be undone. Go ahead? [y/N] `,
      `revoked ${feature} from book ${book.id}`,
    ]);
    expect(await repo.holds(book.id, feature, new Date(t.clock.now()))).toBe(false);
    expect(await cab('premium', 'revoke', book.id, feature, '--yes')).toMatchObject({
      code: 0,
      out: [`book ${book.id} did not hold ${feature}`],
    });
  });

  it('refuses a book that does not exist: status 1', async () => {
    expect(await cab('premium', 'grant', '987654321', PREMIUM_FEATURES.budgetAdvanced)).toMatchObject({
      code: 1,
      err: ['no such book: 987654321'],
    });
    expect(await cab('premium', 'revoke', '987654321', PREMIUM_FEATURES.budgetAdvanced, '-y')).toMatchObject({ code: 1 });
  });
});

describe('rates', () => {
  it('sets rates, all or none, and lists the table', async () => {
    expect(await cab('rates', 'set', 'USD=7.12', 'XAU=4000.5')).toMatchObject({ code: 0, out: ['USD = 7.12 CNY', 'XAU = 4000.5 CNY'] });
    const bad = await cab('rates', 'set', 'USD=8', 'EUR=-1');
    expect(bad).toMatchObject({ code: 2, err: [expect.stringContaining('not a rate: EUR=-1'), expect.any(String)] });
    expect(await cab('rates', 'set', 'usd=1')).toMatchObject({ code: 2 });
    expect(await cab('rates', 'set', 'USD=0')).toMatchObject({ code: 2 });
    const list = await cab('rates');
    expect(list.out[0]).toMatch(/^currency +rate \(CNY\) +updated$/);
    expect(list.out).toContainEqual(expect.stringMatching(/^USD +7\.12 +\d{4}-/));
    expect(list.out).toContainEqual(expect.stringMatching(/^XAU +4000\.5 +/));
  });
});

describe('ledger', () => {
  it('check recomputes every balance: exit 0 on a sound ledger, 1 naming the account that differs', async () => {
    const ok = await cab('ledger', 'check');
    expect(ok).toMatchObject({ code: 0, out: [expect.stringContaining('the ledger balances')] });
    expect(await cab('ledger')).toMatchObject({ code: 0 });
    // A balance changed past the trigger (what no code does): the check finds it.
    const moved = sql`UPDATE ledger_accounts SET balance = balance + 5, credits = credits + 5 WHERE kind = 'promotion'`;
    await moved.execute(t.db);
    try {
      const bad = await cab('ledger', 'check');
      expect(bad.code).toBe(1);
      expect(bad.out).toEqual([expect.stringMatching(/^account \d+: kept balance differs from its postings$/)]);
    } finally {
      await sql`UPDATE ledger_accounts SET balance = balance - 5, credits = credits - 5 WHERE kind = 'promotion'`.execute(t.db);
    }
  });
});

describe('jobs', () => {
  it("lists the background jobs' runs, newest first, and checks its limit", async () => {
    const repo = new JobsRepository(t.db);
    const at = new Date('2026-11-26T02:00:00Z');
    await repo.claim('housekeeping', '2026-11-26T10', 'host:1', at, new Date(at.getTime() + 60_000), at);
    await repo.finish('housekeeping', '2026-11-26T10', 'host:1', 'done', 'removed 1 books, 0 images, 0 avatars', at, at);
    const list = await cab('jobs');
    expect(list.code).toBe(0);
    expect(list.out[0]).toMatch(/^job +period +status +instance +attempts +started +next try +outcome$/);
    expect(list.out).toContainEqual(
      expect.stringMatching(/^housekeeping +2026-11-26T10 +done +host:1 +1 +2026-11-26T02:00:00\.000Z +- +removed 1 books/),
    );
    expect(await cab('jobs', 'list', '--limit', '0')).toMatchObject({ code: 2 });
  });

  it('lists the runs not done: a failed one with its next try, one whose instance stopped, one left to later runs', async () => {
    const repo = new JobsRepository(t.db);
    const now = t.clock.now();
    const at = (ms: number) => new Date(now + ms);
    // Failed a minute ago on its second try: tried again 10 minutes after.
    await repo.claim('cli-failing', 'k1', 'host:1', at(-120_000), at(-90_000), at(-120_000));
    await repo.claim('cli-failing', 'k1', 'host:2', at(-60_000), at(-30_000), at(-120_000));
    await repo.finish('cli-failing', 'k1', 'host:2', 'failed', 'the provider did not answer', at(-60_000), at(9 * 60_000));
    // Running on an instance whose lease ran out.
    await repo.claim('cli-stopped', 'k2', 'host:3', at(-120_000), at(-1000), at(-120_000));
    // Failed 8 days ago: past the 7 days runs are taken up.
    await repo.claim('cli-old', '2020-01-01', 'host:4', at(-8 * 86_400_000), at(-8 * 86_400_000), at(-8 * 86_400_000));
    const failures = await cab('jobs', 'failures');
    expect(failures.code, failures.err.join()).toBe(0);
    expect(failures.out[0]).toMatch(/^job +period +status +instance +attempts +started +next try +outcome$/);
    expect(failures.out).toContainEqual(
      expect.stringMatching(
        new RegExp(`^cli-failing +k1 +failed +host:2 +2 +\\S+ +${at(9 * 60_000).toISOString()} +the provider did not answer$`),
      ),
    );
    expect(failures.out).toContainEqual(
      expect.stringMatching(/^cli-stopped +k2 +running +host:3 +1 +\S+ +at the next tick \(its instance stopped\)/),
    );
    expect(failures.out).toContainEqual(
      expect.stringMatching(/^cli-old +2020-01-01 +running +host:4 +1 +\S+ +never \(left to later runs\)/),
    );
    expect(failures.out.join('\n')).not.toContain('housekeeping');
    expect(await cab('jobs', 'failures', '--limit', '1001')).toMatchObject({ code: 2 });
  });
});

describe('community', () => {
  it('publishes an announcement from a file relative to where the operator typed, lists it and withdraws it with consent', async () => {
    fs.writeFileSync(path.join(work, 'notice.md'), '# 新功能上线\n预算现在可以按周设置。');
    const published = await cab('community', 'publish-official', 'notice.md');
    expect(published.code, published.err.join()).toBe(0);
    const tid = /published official thread (\d+)/.exec(published.out[0]!)![1]!;
    expect((await cab('community')).out).toContainEqual(expect.stringMatching(new RegExp(`^${tid} +\\S+ +live +新功能上线$`)));
    expect((await cab('community', 'withdraw-official', tid)).code).toBe(2);
    expect(await cab('community', 'withdraw-official', tid, '--yes')).toMatchObject({ code: 0, out: [`withdrew official thread ${tid}`] });
    expect((await cab('community', 'list-official')).out).toContainEqual(
      expect.stringMatching(new RegExp(`^${tid} +\\S+ +withdrawn +新功能上线$`)),
    );
    expect(await cab('community', 'withdraw-official', tid, '--yes')).toMatchObject({ code: 1, err: [`no live official thread ${tid}`] });
    expect(await cab('community', 'publish-official', 'missing.md')).toMatchObject({ code: 1, err: ['cannot read missing.md'] });
    fs.writeFileSync(path.join(work, 'empty.md'), '\n');
    expect((await cab('community', 'publish-official', 'empty.md')).err[0]).toMatch(/^empty\.md: the first line must be a subject/);
  });
});

describe('content and operations', () => {
  it('content lists the market, publishes a file and refuses an unknown code', async () => {
    const list = await cab('content', 'list');
    expect(list.out[0]).toMatch(/^id +code +kind +state +kept +title$/);
    expect(list.out).toContainEqual(expect.stringMatching(/ latte-factor-budget +article +published /));
    const seed = path.resolve(import.meta.dirname, '../../db/seed/contents');
    fs.cpSync(seed, path.join(work, 'contents'), { recursive: true });
    const again = await cab('content', 'publish', 'contents/06-latte-factor.md');
    expect(again.code, again.err.join()).toBe(0);
    expect(again.out[0]).toMatch(/^(unchanged|updated) latte-factor-budget \(id 6\)$/);
    expect(await cab('content', 'withdraw', 'no-such-code')).toMatchObject({
      code: 1,
      err: ['no content on the market has the code no-such-code'],
    });
    fs.writeFileSync(path.join(work, 'bad.md'), 'no front matter');
    expect(await cab('content', 'publish', 'bad.md')).toMatchObject({
      code: 1,
      err: ['the file must start with front matter between two --- lines'],
    });
  });

  it('operations publishes a card from a file, lists it as a table and withdraws it', async () => {
    const card = {
      code: 'cliCard',
      placement: 'infoFlow',
      title: '记一笔',
      link: 'budget/index',
      style_items: [{ key: 'title_en', value: 'Record' }],
    };
    fs.writeFileSync(path.join(work, 'card.json'), JSON.stringify(card));
    expect(await cab('operations', 'publish', 'card.json')).toMatchObject({ code: 0, out: ['created cliCard'] });
    expect((await cab('operations')).out).toContainEqual(expect.stringMatching(/^cliCard +infoFlow +#0 +on show +记一笔$/));
    expect(await cab('operations', 'withdraw', 'cliCard')).toMatchObject({ code: 0, out: ['withdrew cliCard'] });
    expect(await cab('operations', 'withdraw', 'cliCard')).toMatchObject({ code: 1, err: ['no operation cliCard on show'] });
    expect((await cab('operations', 'publish', 'nothing.json')).err[0]).toMatch(/^cannot read nothing\.json/);
  });
});

describe('offers', () => {
  it('publishes a file, lists the catalogue as tables, gives a coupon once; a bad file is status 1 and changes nothing', async () => {
    const file = {
      couponBatches: [{ batchCode: 'cli_batch', name: '命令行券', nameEn: 'CLI coupon', reduceAmount: '2.50', validDays: 5 }],
    };
    fs.writeFileSync(path.join(work, 'offers.json'), JSON.stringify(file));
    expect(await cab('offers', 'publish', 'offers.json')).toMatchObject({ code: 0, out: ['created coupon batch cli_batch'] });
    const list = await cab('offers');
    expect(list.code).toBe(0);
    expect(list.out).toContainEqual(expect.stringMatching(/^batch +reduces +valid days +packages +name$/));
    expect(list.out).toContainEqual(expect.stringMatching(/^cli_batch +2\.50 +5 +any +命令行券$/));
    expect(list.out).toContainEqual(expect.stringMatching(/^budget_advanced_365 +budget_advanced +365 +60\.00 +72\.00 +on sale/));
    const u = await buildUser(t);
    expect((await cab('offers', 'give-coupon', 'cli_batch', u.userid)).out).toEqual([expect.stringMatching(/^gave user \d+ coupon/)]);
    expect((await cab('offers', 'give-coupon', 'cli_batch', u.userid)).out).toEqual([expect.stringMatching(/nothing given$/)]);

    fs.writeFileSync(
      path.join(work, 'bad.json'),
      JSON.stringify({ couponBatches: [{ ...file.couponBatches[0], batchCode: 'cli_bad', comboIds: ['nope'] }] }),
    );
    expect(await cab('offers', 'publish', 'bad.json')).toMatchObject({
      code: 1,
      err: ['coupon batch cli_bad names the package nope, neither in the file nor published'],
    });
    expect(await t.db.selectFrom('coupon_batches').select('batch_code').where('batch_code', '=', 'cli_bad').execute()).toEqual([]);
    expect((await cab('offers', 'withdraw', 'package')).err[0]).toMatch(/offers withdraw needs <kind> <code>/);
  });
});

describe('moderation', () => {
  it('lists open reports and resolves them; removing a message needs consent and deletes it', async () => {
    const u = await buildUser(t);
    const notifier = new MessagesService(t.db, new MessagesRepository(t.db), t.kv, t.clock);
    await t.db
      .transaction()
      .execute((tx) => notifier.notify(tx, [{ userId: u.userid, bookId: null, kind: 'member.removed', params: { bookName: 'B' } }]));
    const messages = (await t.client.get(MESSAGE_PATHS.messages, { token: u.token })).json().data as Array<{ msg_id: string }>;
    const msgId = messages[0]!.msg_id;
    const reported = await t.client.post(
      MESSAGE_PATHS.report,
      { target_type: 'message', target_id: msgId, reason: '广告' },
      { token: u.token },
    );
    const reportId = reported.json().data.report_id as string;
    const kept = await t.client.post(MESSAGE_PATHS.report, { target_type: 'thread', target_id: '42', reason: 'spam' }, { token: u.token });
    const keptId = kept.json().data.report_id as string;

    const list = await cab('moderation');
    expect(list.out[0]).toMatch(/^id +target +by +reported +reason$/);
    expect(list.out).toContainEqual(expect.stringMatching(new RegExp(`^${reportId} +message ${msgId} +user ${u.userid} +\\S+ +"广告"$`)));

    expect((await cab('moderation', 'resolve', reportId, 'remove')).code).toBe(2);
    expect((await t.db.selectFrom('messages').select('id').where('id', '=', msgId).execute()).length).toBe(1);
    expect(await cab('moderation', 'resolve', reportId, 'remove', '--yes')).toMatchObject({
      code: 0,
      out: [`report ${reportId} resolved: remove (message deleted)`],
    });
    expect((await t.db.selectFrom('messages').select('id').where('id', '=', msgId).execute()).length).toBe(0);
    expect(await cab('moderation', 'resolve', keptId, 'keep')).toMatchObject({ code: 0, out: [`report ${keptId} resolved: keep`] });
    expect(await cab('moderation', 'resolve', keptId, 'keep')).toMatchObject({ code: 1, err: [`no open report ${keptId}`] });
    expect((await cab('moderation', 'list')).out.join('\n')).not.toMatch(new RegExp(`^(${reportId}|${keptId}) `, 'm'));
  });
});

/** `npm run cab -- <argv>` from the repository's root, as the operator types it, with no terminal. */
function npmCab(argv: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const proc = spawn('npm', ['run', '--silent', 'cab', '--', ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('the process', () => {
  it('npm run cab -- help exits 0 listing every group; a usage error exits 2; destructive work without a terminal or --yes is refused', async () => {
    const [help, unknown, revoke] = await Promise.all([
      npmCab(['help']),
      npmCab(['refund']),
      // Refused before the database is opened: the data directory stays empty.
      npmCab(['premium', 'revoke', '1', 'budget_advanced'], { CAB_DATA_DIR: path.join(work, 'unused') }),
    ]);
    expect(help.code, help.err).toBe(0);
    for (const g of COMMANDS) expect(help.out).toContain(`npm run cab -- ${g.name} `);
    expect(unknown).toMatchObject({ code: 2, err: 'unknown command: refund\nsee: npm run cab -- help\n' });
    expect(revoke.code).toBe(2);
    expect(revoke.err).toContain('cannot be undone: run it at a terminal to confirm, or add --yes');
    expect(fs.existsSync(path.join(work, 'unused'))).toBe(false);
  });
});
