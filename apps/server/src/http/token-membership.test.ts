import { ErrorCode, STATISTICS_PATHS } from '@cab/contracts';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBroadcast } from '../platform/broadcast.ts';
import { addToBook, buildBook, buildRole, buildUser, inBook, startOtherInstance, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefused, giveRole, removeMember } from '../../test/members.ts';

// Nothing kept in memory (PostgreSQL with several instances and no Redis): every book call
// reads its token, and the token's lookup brings the membership of the Trading-Entity book.
let t: TestApp;
let owner: string;
let bookId: string;
beforeAll(async () => {
  t = await startTestApp({ CAB_ANSWER_CACHE: 'off' });
  owner = (await buildUser(t)).token;
  bookId = (await buildBook(t, owner, 'family')).id;
});
afterAll(() => t.close());

const flow = (c: Pick<TestApp, 'client'>, token: string, book = bookId) =>
  c.client.post(STATISTICS_PATHS.transactions, { page: { page_size: 5 } }, inBook(token, book));

describe('the token and the membership in one statement (CAB_ANSWER_CACHE=off)', () => {
  it('asks the database once for both before a book read', async () => {
    const statements: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = t.db.withPlugin(counter);
    const other = await startOtherInstance(t, { broadcast: new MemoryBroadcast(), db: counted });
    try {
      expect((await flow(other, owner)).statusCode).toBe(200);
      statements.length = 0;
      expect((await flow(other, owner)).statusCode).toBe(200);
      // The token with the membership, then the page with its names and images.
      expect(statements).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('refuses as before: an outsider 404, a role without the permission 403, a removed member at once', async () => {
    const stranger = await buildUser(t);
    expectRefused(await flow(t, stranger.token), 404, ErrorCode.BOOK_NOT_FOUND);
    const viewer = await buildUser(t);
    await addToBook(t, bookId, viewer.userid, 'viewer');
    expect((await flow(t, viewer.token)).statusCode).toBe(200);
    const roleId = await buildRole(t, bookId, [], 'no flows');
    await giveRole(t, owner, bookId, viewer.userid, roleId);
    expectRefused(await flow(t, viewer.token), 403, ErrorCode.FORBIDDEN);
    await removeMember(t, owner, bookId, viewer.userid);
    expectRefused(await flow(t, viewer.token), 404, ErrorCode.BOOK_NOT_FOUND);
  });

  it('still tells an unknown or expired token from a book the caller is not in', async () => {
    expectRefused(await flow(t, 'not-a-token'), 401, ErrorCode.UNAUTHORIZED);
    const later = await buildUser(t);
    expectRefused(await flow(t, later.token, '9223372036854775807'), 404, ErrorCode.BOOK_NOT_FOUND);
    t.clock.advance(t.config.accessTokenTtlMs + 1000);
    try {
      expectRefused(await flow(t, later.token), 401, ErrorCode.TOKEN_EXPIRED);
    } finally {
      t.clock.advance(-(t.config.accessTokenTtlMs + 1000));
    }
  });
});
