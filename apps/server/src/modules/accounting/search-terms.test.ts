import { ACCOUNTING_PATHS, STATISTICS_PATHS } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { lowerCase, searchTerms } from './search-terms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('keyword terms written by the server', () => {
  it('are the terms the SQL function gives, so rows written before and after migration 0009 are found alike', async () => {
    const texts = [
      '早餐 咖啡',
      'Coffee WITH Milk',
      '',
      'a',
      'ÄÖÜ straße',
      'ΟΔΟΣ',
      'İstanbul',
      '表情 😀 ok',
      '100%_off',
      'a\u00a0b',
      'x'.repeat(200),
    ];
    for (const text of texts) {
      const { rows } = await sql<{ terms: string[] }>`SELECT cab_search_terms(42, ${text}) AS terms`.execute(t.db);
      expect([...searchTerms('42', text)].sort(), text).toEqual([...(rows[0]?.terms ?? [])].sort());
    }
  });

  it('lower one character at a time, as the database does', () => {
    expect(lowerCase('ΟΔΟΣ')).toBe('οδοσ');
    expect(lowerCase('İx')).toBe('ix');
    expect(lowerCase('Coffee 咖啡')).toBe('coffee 咖啡');
  });

  it('follow an edited remark: the new words are found, the old ones no longer', async () => {
    const { token } = await buildUser(t);
    const bookId = (await buildBook(t, token, 'family')).id;
    const d = await bookDimensions(t, token, bookId);
    const o = inBook(token, bookId);
    const made = await t.client.post(
      ACCOUNTING_PATHS.expense,
      {
        account: { id: d.accounts[0]!.id },
        category: { id: d.expense[0]!.subs[0] },
        amount: '9.90',
        remark: '奶茶',
        transaction_time: Date.now(),
      },
      o,
    );
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id as string;
    const found = async (keyword: string) =>
      (await t.client.post(STATISTICS_PATHS.transactions, { query: { keyword } }, o)).json().data.map((x: { id: string }) => x.id);
    expect(await found('奶茶')).toEqual([id]);
    const edited = await t.client.patch(ACCOUNTING_PATHS.update.replace(':id', id), { remark: '晚饭 Noodles' }, o);
    expect(edited.statusCode).toBe(200);
    expect(await found('奶茶')).toEqual([]);
    expect(await found('noodles')).toEqual([id]);
    expect(await found('晚饭')).toEqual([id]);
  });
});
