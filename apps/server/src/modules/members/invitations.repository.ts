import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { AuditTypeColumn, BookInvitationsTable, MemberRequestStatusColumn } from '../../platform/db/schema.ts';

export type InvitationRow = Selectable<BookInvitationsTable> & {
  book_name: string;
  book_cover: string;
  member_count: string;
  inviter_nickname: string;
  inviter_avatar_url: string;
};

export interface RequestRow {
  id: string;
  book_id: string;
  book_name: string;
  user_id: string;
  user_nickname: string;
  user_avatar_url: string;
  kind: 'apply' | 'join' | 'add';
  status: MemberRequestStatusColumn;
  invitation_id: string | null;
  role_id: string | null;
  granted_role_id: string | null;
  remark: string;
  subscribe: boolean;
  inviter_id: string | null;
  inviter_nickname: string | null;
  inviter_avatar_url: string | null;
  decided_by: string | null;
  decider_nickname: string | null;
  decider_avatar_url: string | null;
  urge_count: number;
  urged_at: Date | null;
  created_at: Date;
  decided_at: Date | null;
  /** Whether the user is in the book now (a joined request's member may have left or been removed since). */
  in_book: boolean;
}

const OPEN: MemberRequestStatusColumn[] = ['ToBeAccepted', 'ToBeAuthorized'];

/** SQL of invitation links, member requests and a book's invitation defaults. */
export class InvitationsRepository {
  constructor(private readonly db: Database) {}

  private invitations(db: Database) {
    return db
      .selectFrom('book_invitations as i')
      .innerJoin('books as b', 'b.id', 'i.book_id')
      .innerJoin('users as u', 'u.id', 'i.inviter_id')
      .selectAll('i')
      .select((eb) => [
        'b.name as book_name',
        'b.cover as book_cover',
        'u.nickname as inviter_nickname',
        'u.avatar_url as inviter_avatar_url',
        eb
          .selectFrom('book_users as m')
          .whereRef('m.book_id', '=', 'i.book_id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('member_count'),
      ])
      .where('b.deleted_at', 'is', null);
  }

  /** The one lookup without a book id: by the link's code (a unique index). */
  byCode(code: string, db: Database = this.db): Promise<InvitationRow | undefined> {
    return this.invitations(db).where('i.code', '=', code).executeTakeFirst() as Promise<InvitationRow | undefined>;
  }

  get(bookId: string, id: string): Promise<InvitationRow | undefined> {
    return this.invitations(this.db).where('i.book_id', '=', bookId).where('i.id', '=', id).executeTakeFirst() as Promise<
      InvitationRow | undefined
    >;
  }

  /** Links still in force, newest first. */
  live(bookId: string, now: Date): Promise<InvitationRow[]> {
    return this.invitations(this.db)
      .where('i.book_id', '=', bookId)
      .where('i.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('i.expires_at', 'is', null), eb('i.expires_at', '>', now)]))
      .orderBy('i.created_at', 'desc')
      .limit(100)
      .execute() as Promise<InvitationRow[]>;
  }

  async create(
    db: Database,
    row: {
      book_id: string;
      code: string;
      audit_type: AuditTypeColumn;
      role_ids: string[];
      role_code: string | null;
      validity_days: number;
      inviter_id: string;
      remark: string;
      expires_at: Date | null;
    },
  ): Promise<string> {
    return (await db.insertInto('book_invitations').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  async revoke(db: Database, bookId: string, id: string, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('book_invitations')
      .set({ revoked_at: now })
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** A deleted role leaves the links that offered it; a link left with none is revoked. */
  async dropRole(db: Database, bookId: string, roleId: string, now: Date): Promise<void> {
    await db
      .updateTable('book_invitations')
      .set({ role_ids: sql`array_remove(role_ids, ${roleId}::bigint)` })
      .where('book_id', '=', bookId)
      .where(sql<boolean>`${roleId}::bigint = ANY(role_ids)`)
      .execute();
    await db
      .updateTable('book_invitations')
      .set({ revoked_at: now })
      .where('book_id', '=', bookId)
      .where('revoked_at', 'is', null)
      .where(sql<boolean>`cardinality(role_ids) = 0`)
      .execute();
  }

  settings(bookId: string) {
    return this.db
      .selectFrom('books')
      .select(['invite_validity_days', 'invite_audit_type'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
  }

  async saveSettings(db: Database, bookId: string, validity: number, auditType: AuditTypeColumn): Promise<void> {
    await db.updateTable('books').set({ invite_validity_days: validity, invite_audit_type: auditType }).where('id', '=', bookId).execute();
  }

  // Member requests.

  private requests(db: Database) {
    return db
      .selectFrom('book_member_requests as q')
      .innerJoin('books as b', 'b.id', 'q.book_id')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .leftJoin('users as iu', 'iu.id', 'q.inviter_id')
      .leftJoin('users as du', 'du.id', 'q.decided_by')
      .select([
        'q.id',
        'q.book_id',
        'b.name as book_name',
        'q.user_id',
        'u.nickname as user_nickname',
        'u.avatar_url as user_avatar_url',
        'q.kind',
        'q.status',
        'q.invitation_id',
        'q.role_id',
        'q.granted_role_id',
        'q.remark',
        'q.subscribe',
        'q.inviter_id',
        'iu.nickname as inviter_nickname',
        'iu.avatar_url as inviter_avatar_url',
        'q.decided_by',
        'du.nickname as decider_nickname',
        'du.avatar_url as decider_avatar_url',
        'q.urge_count',
        'q.urged_at',
        'q.created_at',
        'q.decided_at',
        sql<boolean>`exists (select 1 from book_users bu where bu.book_id = q.book_id and bu.user_id = q.user_id)`.as('in_book'),
      ])
      .where('b.deleted_at', 'is', null);
  }

  request(bookId: string, id: string, db: Database = this.db): Promise<RequestRow | undefined> {
    return this.requests(db).where('q.book_id', '=', bookId).where('q.id', '=', id).executeTakeFirst();
  }

  /** The caller's own request, found from their side (by user and status). */
  requestOfUser(
    userId: string,
    id: string,
    statuses: MemberRequestStatusColumn[],
    db: Database = this.db,
  ): Promise<RequestRow | undefined> {
    return this.requests(db).where('q.user_id', '=', userId).where('q.status', 'in', statuses).where('q.id', '=', id).executeTakeFirst();
  }

  openRequest(bookId: string, userId: string, db: Database = this.db): Promise<RequestRow | undefined> {
    return this.requests(db)
      .where('q.book_id', '=', bookId)
      .where('q.user_id', '=', userId)
      .where('q.status', 'in', OPEN)
      .executeTakeFirst();
  }

  /**
   * A book's open requests oldest first, or decided ones newest first. An add by phone shows
   * only once accepted: waiting or declined, it would tell the book the number has an account.
   */
  listByStatus(bookId: string, statuses: MemberRequestStatusColumn[], order: 'asc' | 'desc', limit: number): Promise<RequestRow[]> {
    return this.requests(this.db)
      .where('q.book_id', '=', bookId)
      .where('q.status', 'in', statuses)
      .where((eb) => eb.or([eb('q.kind', '!=', 'add'), eb('q.status', '=', 'Accepted')]))
      .orderBy('q.created_at', order)
      .orderBy('q.id', order)
      .limit(limit)
      .execute();
  }

  ofUser(userId: string, statuses: MemberRequestStatusColumn[]): Promise<RequestRow[]> {
    return this.requests(this.db)
      .where('q.user_id', '=', userId)
      .where('q.status', 'in', statuses)
      .orderBy('q.created_at', 'desc')
      .limit(50)
      .execute();
  }

  /** Books where the user may approve (owner, or a role holding the code), with how many applications wait. */
  toApprove(userId: string, code: string) {
    return this.db
      .selectFrom('book_users as bu')
      .innerJoin('book_roles as r', (j) => j.onRef('r.book_id', '=', 'bu.book_id').onRef('r.id', '=', 'bu.role_id'))
      .innerJoin('books as b', 'b.id', 'bu.book_id')
      .innerJoin('book_member_requests as q', (j) => j.onRef('q.book_id', '=', 'bu.book_id').on('q.status', '=', 'ToBeAuthorized'))
      .select((eb) => ['b.id as book_id', 'b.name as book_name', eb.fn.countAll<string>().as('n')])
      .where('bu.user_id', '=', userId)
      .where('b.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('r.kind', '=', 'owner'), eb(sql.val(code), '=', eb.fn.any('r.permissions'))]))
      .groupBy(['b.id', 'b.name'])
      .orderBy('b.id')
      .execute();
  }

  async createRequest(
    db: Database,
    row: {
      book_id: string;
      user_id: string;
      kind: 'apply' | 'join' | 'add';
      status: MemberRequestStatusColumn;
      invitation_id: string | null;
      inviter_id: string | null;
      role_id: string | null;
      granted_role_id: string | null;
      remark: string;
      subscribe: boolean;
      decided_at: Date | null;
    },
  ): Promise<string> {
    return (await db.insertInto('book_member_requests').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** Closes an open request; false when it was no longer open (someone decided first). */
  async decide(
    db: Database,
    bookId: string,
    id: string,
    patch: { status: MemberRequestStatusColumn; granted_role_id: string | null; decided_by: string; decided_at: Date },
  ): Promise<boolean> {
    const res = await db
      .updateTable('book_member_requests')
      .set(patch)
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async urge(db: Database, bookId: string, id: string, now: Date): Promise<{ urge_count: number; urged_at: Date }> {
    return db
      .updateTable('book_member_requests')
      .set((eb) => ({ urge_count: eb('urge_count', '+', 1), urged_at: now }))
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .returning(['urge_count', 'urged_at'])
      .executeTakeFirstOrThrow() as Promise<{ urge_count: number; urged_at: Date }>;
  }
}
