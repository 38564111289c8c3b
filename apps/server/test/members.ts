import { BOOK_PATHS, MEMBER_PATHS, bookPath } from '@cab/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { inBook, type TestApp } from './harness.ts';

/** The id of one of a book's seeded roles. */
export async function roleIdOf(t: TestApp, bookId: string, kind: 'owner' | 'admin' | 'bookkeeper' | 'viewer'): Promise<string> {
  const row = await t.db
    .selectFrom('book_roles')
    .select('id')
    .where('book_id', '=', bookId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A refusal: the status, and a `{code, message}` body with the code. */
export function expectRefused(res: LightMyRequestResponse, status: number, code: number): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, message: expect.any(String) });
}

/** The ids of the books in a user's cloud list. */
export async function bookIdsOf(t: TestApp, token: string): Promise<string[]> {
  return ((await t.client.get(BOOK_PATHS.cloudList, { token })).json().cloud_book_list as Array<{ id: string }>).map((b) => b.id);
}

/** Fixture builder: an invitation link made through the real call. */
export async function buildInvitation(t: TestApp, token: string, bookId: string, body: Record<string, unknown>) {
  const res = await t.client.post(MEMBER_PATHS.createInvitation, body, inBook(token, bookId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; invite_code: string; role_code?: string; expire_at: number | null };
}

/** How many memberships, member requests and member labels there are (for "nothing changed"). */
export async function memberCounts(t: TestApp) {
  return {
    members: (await t.db.selectFrom('book_users').selectAll().execute()).length,
    requests: (await t.db.selectFrom('book_member_requests').selectAll().execute()).length,
    labels: (await t.db.selectFrom('book_labels').selectAll().where('kind', '=', 'member').execute()).length,
  };
}

/** The owner gives a member another role of the book; the call must succeed. */
export async function giveRole(t: TestApp, ownerToken: string, bookId: string, userId: string, roleId: string): Promise<void> {
  const res = await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: userId }), { role_id: roleId }, inBook(ownerToken, bookId));
  expect(res.statusCode, res.body).toBe(200);
}

/** The owner removes a member from the book; the call must succeed. */
export async function removeMember(t: TestApp, ownerToken: string, bookId: string, userId: string): Promise<void> {
  const res = await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: userId }), undefined, inBook(ownerToken, bookId));
  expect(res.statusCode, res.body).toBeLessThan(300);
}
