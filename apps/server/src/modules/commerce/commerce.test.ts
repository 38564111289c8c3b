import { BANANA_SHELL, COMMERCE_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { LedgerService, moveBetween } from '../ledger/ledger.service.ts';

let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await startTestApp();
  ledger = new LedgerService(t.db, t.clock);
});
afterAll(() => t.close());

const accounts = (token?: string, locale?: string) => t.client.get(COMMERCE_PATHS.accounts, { token, ...(locale ? { locale } : {}) });

describe('GET accounts', () => {
  it("answers the caller's own banana-shell wallet: 0.00 before anything, then what the ledger holds", async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const res = await accounts(u.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [{ account_type: BANANA_SHELL, balance: '0.00' }] });
    // A read makes no account.
    expect(
      await t.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'wallet').where('owner_id', '=', u.userid).execute(),
    ).toEqual([]);

    // 30 banana shells recharged, 12.34 spent (the recharge and purchase calls come with the rest of issue 27).
    const wallet = await ledger.wallet(t.db, u.userid);
    const clearing = await ledger.platformAccount(t.db, 'clearing');
    const revenue = await ledger.platformAccount(t.db, 'revenue');
    await ledger.postNow({
      key: `test:acc:${u.userid}:r`,
      kind: 'recharge',
      postings: moveBetween(clearing, wallet, 3_000n),
    });
    await ledger.postNow({
      key: `test:acc:${u.userid}:p`,
      kind: 'purchase',
      postings: moveBetween(wallet, revenue, 1_234n),
    });
    expect((await accounts(u.token)).json().data).toEqual([{ account_type: BANANA_SHELL, balance: '17.66' }]);
    // Someone else sees their own wallet, not this one.
    expect((await accounts(other.token)).json().data).toEqual([{ account_type: BANANA_SHELL, balance: '0.00' }]);
  });

  it('is refused without a session, in the caller’s language', async () => {
    const res = await accounts(undefined, 'zh-CN');
    expectRefused(res, 401, ErrorCode.UNAUTHORIZED);
    expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
    expectRefused(await accounts('not-a-token', 'en'), 401, ErrorCode.UNAUTHORIZED);
  });
});
