import fs from 'node:fs';
import path from 'node:path';
import { AUTH_PATHS, looksEmpty } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.ts';
import { bookDimensions, buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Migration 0020 puts nicknames stored before the name rule under it (docs/decisions.md,
 * "Text that looks empty"), and the member names copied from them.
 */
const MIGRATION = fs.readFileSync(path.join(MIGRATIONS_DIR, '0020_repair_nicknames.sql'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The bracket of code points that draw nothing, written from `looksEmpty` as PostgreSQL reads it. */
function unseenBracket(): string {
  const esc = (cp: number) => (cp > 0xffff ? `\\U${cp.toString(16).padStart(8, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`);
  const ranges: string[] = [];
  let start = -1;
  for (let cp = 0; cp <= 0x110000; cp++) {
    const unseen = cp < 0x110000 && (cp < 0xd800 || cp > 0xdfff) && looksEmpty(String.fromCodePoint(cp));
    if (unseen && start < 0) start = cp;
    if (!unseen && start >= 0) {
      ranges.push(start === cp - 1 ? esc(start) : `${esc(start)}-${esc(cp - 1)}`);
      start = -1;
    }
  }
  return `[${ranges.join('')}]`;
}

describe('migration 0020', () => {
  it('reads "draws nothing" exactly as looksEmpty does', () => {
    const brackets = [...MIGRATION.matchAll(/'\^(\[[^']*\])\*\$'/g)].map((m) => m[1]);
    expect(brackets.length).toBe(2);
    for (const b of brackets) expect(b).toBe(unseenBracket());
  });

  it('gives a blank nickname the default one, takes direction controls out, and mends the member names copied from them', async () => {
    const [blank, disguised, fine, astral] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const setNickname = (id: string, nickname: string) => t.db.updateTable('users').set({ nickname }).where('id', '=', id).execute();
    await setNickname(blank.userid, '\u200b \u3164\u2060');
    await setNickname(disguised.userid, 'Ali\u202eecnA');
    await setNickname(fine.userid, '👨‍👩‍👧 小明');
    await setNickname(astral.userid, '\u{e0020}\u{1d173}\u2800');
    // A book made now copies the stored nickname into its owner's member name.
    const book = await buildBook(t, blank.token);

    await sql.raw(MIGRATION).execute(t.db);

    const nickname = async (token: string) => (await t.client.get(AUTH_PATHS.userInfo, { token })).json().data.nickName;
    expect(await nickname(blank.token)).toBe(`用户${blank.phone.slice(-4)}`);
    expect(await nickname(disguised.token)).toBe('AliecnA');
    expect(await nickname(fine.token)).toBe('👨‍👩‍👧 小明');
    expect(await nickname(astral.token)).toBe(`用户${astral.phone.slice(-4)}`);
    const members = (await bookDimensions(t, blank.token, book.id)).members;
    expect(members[0]!.name).toBe(`用户${blank.phone.slice(-4)}`);
  });
});
