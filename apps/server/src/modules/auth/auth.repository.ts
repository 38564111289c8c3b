import type { BookPlace } from '../../http/book-scope.ts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { MembershipRow } from '../books/books.repository.ts';

/** SQL of sign-in: verification codes and token families. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  insertVerifyCode(phone: string, type: number, codeHash: string, expiresAt: Date) {
    return this.db.insertInto('verify_codes').values({ phone, type, code_hash: codeHash, expires_at: expiresAt }).execute();
  }

  latestVerifyCode(phone: string, type: number) {
    return this.db
      .selectFrom('verify_codes')
      .selectAll()
      .where('phone', '=', phone)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  addVerifyAttempt(id: string) {
    return this.db
      .updateTable('verify_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the code used; false when another request used it first. */
  async useVerifyCode(id: string, at: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('verify_codes')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  createFamily(db: Database, userId: string) {
    return db.insertInto('token_families').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow();
  }

  insertAccessToken(db: Database, row: { token_hash: string; family_id: string; user_id: string; expires_at: Date }) {
    return db.insertInto('access_tokens').values(row).execute();
  }

  insertRefreshToken(db: Database, row: { token_hash: string; family_id: string; user_id: string; expires_at: Date }) {
    return db.insertInto('refresh_tokens').values(row).execute();
  }

  findAccessToken(hash: string) {
    return this.db
      .selectFrom('access_tokens as a')
      .innerJoin('token_families as f', 'f.id', 'a.family_id')
      .select(['a.user_id', 'a.family_id', 'a.expires_at', 'f.revoked_at'])
      .where('a.token_hash', '=', hash)
      .executeTakeFirst();
  }

  /**
   * The token and its user's membership of a book in one statement (the membership columns
   * null when the user is not in the live book): a book call whose token is not kept asks
   * the database once, not twice.
   */
  async findAccessTokenIn(hash: string, bookId: string) {
    // Where the book is comes along (book_zones holds only the books that moved): the zone
    // gate (modules/zones/forward.ts) needs no statement of its own either.
    const r = await sql<
      { user_id: string; family_id: string; expires_at: Date; revoked_at: Date | null } & NullableRow & {
          zone_id: string | null;
          zone_state: BookPlace['state'] | null;
        }
    >`
      SELECT a.user_id, a.family_id, a.expires_at, f.revoked_at,
        m.role_id, m.kind, m.permissions, m.currency, m.time_zone, m.date_gap, m.day_gap, m.zone_id, m.zone_state
      FROM access_tokens a
      JOIN token_families f ON f.id = a.family_id
      LEFT JOIN LATERAL (
        SELECT bu.role_id, ro.kind, ro.permissions, b.currency, b.time_zone, b.date_gap, b.day_gap, z.zone_id, z.state AS zone_state
        FROM book_users bu
        JOIN books b ON b.id = bu.book_id
        JOIN book_roles ro ON ro.book_id = bu.book_id AND ro.id = bu.role_id
        LEFT JOIN book_zones z ON z.book_id = bu.book_id
        WHERE bu.book_id = ${bookId} AND bu.user_id = a.user_id AND b.deleted_at IS NULL
      ) m ON true
      WHERE a.token_hash = ${hash}`.execute(this.db);
    const row = r.rows[0];
    if (!row) return undefined;
    const { role_id, kind, permissions, currency, time_zone, date_gap, day_gap, zone_id, zone_state, ...token } = row;
    const zone: BookPlace | null = zone_id !== null && zone_state !== null ? { zoneId: zone_id, state: zone_state } : null;
    const member =
      role_id === null ||
      kind === null ||
      permissions === null ||
      currency === null ||
      time_zone === null ||
      date_gap === null ||
      day_gap === null
        ? null
        : { role_id, kind, permissions, currency, time_zone, date_gap, day_gap };
    return { token, member, zone };
  }

  findRefreshToken(hash: string) {
    return this.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('token_families as f', 'f.id', 'r.family_id')
      .select(['r.user_id', 'r.family_id', 'r.expires_at', 'r.used_at', 'f.revoked_at'])
      .where('r.token_hash', '=', hash)
      .executeTakeFirst();
  }

  /** Spends a refresh token; false when it was already spent (a concurrent reuse). */
  async useRefreshToken(db: Database, hash: string, at: Date): Promise<boolean> {
    const res = await db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Revokes a whole sign-in: its access tokens stop working at once. */
  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db.transaction().execute((tx) => this.revokeFamilyIn(tx, familyId, at));
  }

  /** Revokes a sign-in inside the caller's transaction; answers whether it was still alive (so one caller wins). */
  async revokeFamilyIn(db: Database, familyId: string, at: Date): Promise<boolean> {
    const revoked = await db
      .updateTable('token_families')
      .set({ revoked_at: at })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    await db.deleteFrom('access_tokens').where('family_id', '=', familyId).execute();
    return Boolean(revoked);
  }
}

type NullableRow = { [K in keyof MembershipRow]: MembershipRow[K] | null };
