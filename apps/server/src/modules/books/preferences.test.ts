import { BOOK_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('preferences', () => {
  it('sets a configs list and reads it back, by keys or all', async () => {
    const u = await buildUser(t);
    const res = await t.client.patch(
      BOOK_PATHS.preference,
      {
        configs: [
          { key: 'amount-hidden', value: 'true' },
          { key: 'show.corporation-name', value: '1' },
        ],
      },
      { token: u.token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { key: 'amount-hidden', value: 'true' },
      { key: 'show.corporation-name', value: '1' },
    ]);
    await t.client.patch(BOOK_PATHS.preference, { configs: [{ key: 'amount-hidden', value: 'false' }] }, { token: u.token });
    const one = (await t.client.get(`${BOOK_PATHS.preference}?keys=amount-hidden`, { token: u.token })).json().data;
    expect(one).toEqual([{ key: 'amount-hidden', value: 'false' }]);
    expect((await t.client.get(BOOK_PATHS.preference, { token: u.token })).json().data).toHaveLength(2);
  });

  it('keeps book-level preferences apart, per book, for members only', async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const book = await buildBook(t, u.token);
    const set = await t.client.patch(
      BOOK_PATHS.preference,
      { configs: [{ key: 'budget.recurrence', value: 'Week' }], level: 'book' },
      { token: u.token, headers: { 'trading-entity': book.id } },
    );
    expect(set.statusCode).toBe(200);
    const levels = (await t.client.get(BOOK_PATHS.preferenceLevel, { token: u.token, headers: { 'trading-entity': book.id } })).json().data;
    expect(levels).toEqual({ user: [], book: [{ key: 'budget.recurrence', value: 'Week' }] });
    const outsider = await t.client.patch(
      BOOK_PATHS.preference,
      { configs: [{ key: 'x', value: '1' }], level: 'book' },
      { token: other.token, headers: { 'trading-entity': book.id } },
    );
    expect(outsider.statusCode).toBe(404);
    expect(
      (await t.client.patch(BOOK_PATHS.preference, { configs: [{ key: 'x', value: '1' }], level: 'book' }, { token: u.token })).statusCode,
    ).toBe(400);
  });

  it('refuses bad keys, empty lists and a default book the user is not in, changing nothing', async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const theirs = await buildBook(t, other.token);
    for (const body of [{ configs: [] }, { configs: [{ key: 'bad key!', value: '1' }] }, { configs: [{ key: 'k', value: 1 }] }, {}]) {
      expect((await t.client.patch(BOOK_PATHS.preference, body, { token: u.token })).statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await t.client.patch(
      BOOK_PATHS.preference,
      { configs: [{ key: 'default.book_id', value: theirs.id }] },
      { token: u.token },
    );
    expect(res.statusCode).toBe(404);
    expect((await t.client.get(BOOK_PATHS.preference, { token: u.token })).json().data).toEqual([]);
    expect((await t.client.get(`${BOOK_PATHS.preference}?keys=bad key`, { token: u.token })).statusCode).toBe(400);
    expect((await t.client.get(BOOK_PATHS.preference)).statusCode).toBe(401);
  });
});
