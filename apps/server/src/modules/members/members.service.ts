import { ACTIVITY_CURSOR, Permission, type Activity, type Locale, type Member, type MemberRequest } from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { MemberRequestStatusColumn } from '../../platform/db/schema.ts';
import type { BooksService } from '../books/books.service.ts';
import type { NewMessage, Notifier } from '../messages/notify.ts';
import type { InvitationsRepository, RequestRow } from './invitations.repository.ts';
import { mayActOn, mayHandOut } from './members.policy.ts';
import type { MemberRow, MembersRepository } from './members.repository.ts';
import { presentActivity, referencesOf } from './activities.ts';
import { maskPhone, presentMember, presentRequest } from './present.ts';
import type { RolesService } from './roles.service.ts';

const DECIDED: MemberRequestStatusColumn[] = ['Accepted', 'Agreed', 'Distributed', 'Rejected'];

/** A book's members: lists, details, roles given and taken, approvals (additions by phone: add-by-phone.service.ts). */
export class MembersService {
  constructor(
    private readonly db: Database,
    private readonly members: MembersRepository,
    private readonly requests: InvitationsRepository,
    private readonly roles: RolesService,
    private readonly books: BooksService,
    private readonly clock: Clock,
    /** The message center (issue 14): told in the same transaction as what it reports. */
    private readonly notifier?: Notifier,
  ) {}

  private now = () => new Date(this.clock.now());

  private async bookName(tx: Database, bookId: string): Promise<string> {
    return (await tx.selectFrom('books').select('name').where('id', '=', bookId).executeTakeFirst())?.name ?? '';
  }

  /** Messages about a book; those to someone no longer (or not yet) in it are about the user alone (book null). */
  private async tell(tx: Database, messages: NewMessage[]): Promise<void> {
    if (this.notifier && messages.length) await this.notifier.notify(tx, messages);
  }

  async presentRequests(rows: RequestRow[], locale: Locale): Promise<MemberRequest[]> {
    const byBook = new Map<string, RequestRow[]>();
    for (const q of rows) byBook.set(q.book_id, [...(byBook.get(q.book_id) ?? []), q]);
    const refs = new Map<string, Awaited<ReturnType<RolesService['refs']>>>();
    for (const [bookId, qs] of byBook)
      refs.set(
        bookId,
        await this.roles.refs(
          bookId,
          qs.flatMap((q) => [q.role_id, q.granted_role_id]),
          locale,
        ),
      );
    return rows.map((q) => presentRequest(q, refs.get(q.book_id)!));
  }

  async bookUsers(book: BookContext, me: string, locale: Locale) {
    const [members, virtual, open] = await Promise.all([
      this.members.list(book.bookId),
      this.members.virtualMembers(book.bookId),
      this.requests.listByStatus(book.bookId, ['ToBeAccepted', 'ToBeAuthorized'], 'asc', 200),
    ]);
    const pending = (await this.presentRequests(open, locale)).map(({ remark: _remark, ...rest }) => rest);
    return {
      pending_users: pending,
      bookkeepers: members.map((m) => presentMember(m, me, locale)),
      member_list: virtual,
      joined_number: members.length,
    };
  }

  async requestLists(book: BookContext, locale: Locale, pageSize = 50) {
    const [open, decided, joined] = await Promise.all([
      this.requests.listByStatus(book.bookId, ['ToBeAccepted', 'ToBeAuthorized'], 'asc', 200),
      this.requests.listByStatus(book.bookId, DECIDED, 'desc', pageSize),
      this.members.count(book.bookId),
    ]);
    return {
      to_be_accepted_list: await this.presentRequests(open, locale),
      accepted_list: await this.presentRequests(decided, locale),
      joined_number: joined,
    };
  }

  async admins(book: BookContext, me: string, locale: Locale): Promise<Member[]> {
    return (await this.members.approvers(book.bookId, Permission.MEMBER_APPROVAL)).map((m) => presentMember(m, me, locale));
  }

  private async member(bookId: string, userId: string, db: Database = this.db): Promise<MemberRow> {
    const m = await this.members.get(bookId, userId, db);
    if (!m) throw new AppError('member.notFound');
    return m;
  }

  async basic(book: BookContext, userId: string, me: string, locale: Locale): Promise<Member> {
    return presentMember(await this.member(book.bookId, userId), me, locale);
  }

  async detail(book: BookContext, userId: string, me: string, locale: Locale) {
    const m = await this.member(book.bookId, userId);
    const [stats, label] = await Promise.all([
      this.members.recordStats(book.bookId, userId),
      this.members.memberLabel(book.bookId, userId),
    ]);
    return {
      ...presentMember(m, me, locale),
      phone: maskPhone(m.phone),
      record_count: stats.count,
      last_recorded_at: stats.last?.getTime() ?? null,
      member_label: label ?? null,
    };
  }

  /** Checks that the actor may give this role: it exists, is not the owner's, and holds nothing the actor lacks. */
  async roleToGive(book: BookContext, roleId: string, db: Database = this.db) {
    const role = await this.roles.found(book.bookId, roleId, db);
    if (role.kind === 'owner') throw new AppError('invitation.ownerRole');
    if (!mayHandOut(book, role.permissions)) throw new AppError('invitation.roleAboveYours');
    return role;
  }

  /**
   * Checks in `tx` that the actor may give the member this role: not their own, not the
   * owner's, nobody above the actor, and a role the actor may hand out.
   */
  async checkRoleChange(tx: Database, book: BookContext, actorId: string, userId: string, roleId: string) {
    const m = await this.member(book.bookId, userId, tx);
    if (userId === actorId) throw new AppError('member.ownRole');
    if (m.role_kind === 'owner') throw new AppError('member.ownerRole');
    if (!mayActOn(book, { kind: m.role_kind, permissions: m.role_permissions })) throw new AppError('member.aboveYou');
    return { member: m, role: await this.roleToGive(book, roleId, tx) };
  }

  /** Gives a member a role (checked before: checkRoleChange), with its activity row; false when they are no longer in the book. */
  async writeRoleChange(tx: Database, bookId: string, actorId: string, userId: string, roleId: string): Promise<boolean> {
    const m = await this.members.get(bookId, userId, tx);
    if (!m) return false;
    await this.members.changeRole(tx, bookId, userId, roleId);
    await this.books.logActivity(tx, {
      book_id: bookId,
      user_id: actorId,
      action: 'role',
      entity: 'member',
      entity_id: userId,
      before: { role_id: m.role_id },
      after: { role_id: roleId },
    });
    return true;
  }

  /** A free role given at once; a paid role is bought for the member (commerce: pay-for-assign). */
  async changeRole(book: BookContext, actorId: string, userId: string, roleId: string, locale: Locale): Promise<Member> {
    await this.db.transaction().execute(async (tx) => {
      const { member, role } = await this.checkRoleChange(tx, book, actorId, userId, roleId);
      if (role.id !== member.role_id && role.price_minor !== '0') throw new AppError('commerce.rolePaid');
      await this.writeRoleChange(tx, book.bookId, actorId, userId, role.id);
    });
    return presentMember(await this.member(book.bookId, userId), actorId, locale);
  }

  /** Removing takes effect at once: the next call of theirs to the book is refused. */
  async remove(book: BookContext, actorId: string, userId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const m = await this.member(book.bookId, userId, tx);
      if (userId === actorId) throw new AppError('member.removeSelf');
      if (m.role_kind === 'owner') throw new AppError('member.removeOwner');
      if (!mayActOn(book, { kind: m.role_kind, permissions: m.role_permissions })) throw new AppError('member.aboveYou');
      await this.members.remove(tx, book.bookId, userId);
      await this.books.logActivity(tx, {
        book_id: book.bookId,
        user_id: actorId,
        action: 'remove',
        entity: 'member',
        entity_id: userId,
        before: { role_id: m.role_id, nickname: m.nickname },
      });
      const bookName = await this.bookName(tx, book.bookId);
      await this.tell(tx, [{ userId, bookId: null, kind: 'member.removed', params: { bookName, bookId: book.bookId } }]);
    });
  }

  /** Puts a user into a book (inside the caller's transaction): membership, a member label, an activity row. */
  async admit(tx: Database, bookId: string, userId: string, roleId: string, subscribed: boolean, actorId: string): Promise<void> {
    if (await this.members.get(bookId, userId, tx)) throw new AppError('invitation.alreadyMember');
    await this.members.add(tx, bookId, userId, roleId, subscribed);
    await this.members.ensureMemberLabel(tx, bookId, userId, await this.members.nickname(tx, userId));
    await this.books.logActivity(tx, {
      book_id: bookId,
      user_id: actorId,
      action: 'join',
      entity: 'member',
      entity_id: userId,
      after: { role_id: roleId },
    });
    // Those who manage members (the owner and holders of member approval) hear of a new
    // member, except the one who let them in and the joiner.
    if (!this.notifier) return;
    const bookName = await this.bookName(tx, bookId);
    const nickname = await this.members.nickname(tx, userId);
    const managers = await this.members.approvers(bookId, Permission.MEMBER_APPROVAL, tx);
    await this.tell(
      tx,
      managers
        .filter((m) => m.user_id !== userId && m.user_id !== actorId)
        .map((m) => ({
          userId: m.user_id,
          bookId,
          kind: 'member.joined' as const,
          params: { bookName, nickname, memberId: userId },
          link: `roleSetting/index?bookId=${bookId}`,
        })),
    );
  }

  async decide(
    book: BookContext,
    actorId: string,
    id: string,
    agreed: boolean,
    roleId: string | undefined,
    locale: Locale,
  ): Promise<MemberRequest> {
    try {
      await this.db.transaction().execute(async (tx) => {
        const q = await this.requests.request(book.bookId, id, tx);
        if (!q || q.status !== 'ToBeAuthorized') throw new AppError('invitation.requestNotFound');
        if (!agreed) {
          await this.requests.decide(tx, book.bookId, id, {
            status: 'Rejected',
            granted_role_id: null,
            decided_by: actorId,
            decided_at: this.now(),
          });
          await this.books.logActivity(tx, {
            book_id: book.bookId,
            user_id: actorId,
            action: 'reject',
            entity: 'member',
            entity_id: q.user_id,
          });
          const bookName = await this.bookName(tx, book.bookId);
          await this.tell(tx, [
            { userId: q.user_id, bookId: null, kind: 'application.rejected', params: { bookName, bookId: book.bookId } },
          ]);
          return;
        }
        const given = roleId ?? q.role_id;
        if (!given) throw new AppError('invitation.roleNeeded');
        const role = await this.roleToGive(book, given, tx);
        const status = role.id === q.role_id ? 'Agreed' : 'Distributed';
        if (
          !(await this.requests.decide(tx, book.bookId, id, {
            status,
            granted_role_id: role.id,
            decided_by: actorId,
            decided_at: this.now(),
          }))
        ) {
          throw new AppError('invitation.requestNotFound');
        }
        if (await this.members.get(book.bookId, q.user_id, tx)) throw new AppError('invitation.alreadyMemberOther');
        await this.admit(tx, book.bookId, q.user_id, role.id, q.subscribe, actorId);
        const bookName = await this.bookName(tx, book.bookId);
        await this.tell(tx, [
          {
            userId: q.user_id,
            bookId: book.bookId,
            kind: 'application.approved',
            params: { bookName },
            link: `dashboard/index?TradingEntity=${book.bookId}`,
          },
        ]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('invitation.alreadyMemberOther');
      throw err;
    }
    return (await this.presentRequests([(await this.requests.request(book.bookId, id))!], locale))[0]!;
  }

  async activities(
    book: BookContext,
    cursor: [string] | undefined,
    pageSize: number,
    locale: Locale,
  ): Promise<{ data: Activity[]; paging: { has_more: boolean; next_cursor: string | null } }> {
    const rows = await this.members.activities(book.bookId, cursor?.[0], pageSize + 1);
    const page = rows.slice(0, pageSize);
    const refs = referencesOf(page);
    const [users, roles, categories] = await Promise.all([
      this.members.users(refs.users),
      this.roles.refs(book.bookId, refs.roles, locale),
      this.members.categoryNames(book.bookId, refs.categories),
    ]);
    const people = new Map(users.map((u) => [u.id, { user_id: u.id, nickname: u.nickname, avatar_url: u.avatar_url }]));
    const names: Record<string, string> = {};
    for (const [id, r] of roles) names[`role:${id}`] = r.role_name;
    for (const c of categories) names[`category:${c.id}`] = c.name;
    return {
      data: page.map((a) => presentActivity(a, people, names)),
      paging: {
        has_more: rows.length > pageSize,
        next_cursor: rows.length > pageSize ? ACTIVITY_CURSOR.encode([page[page.length - 1]!.id]) : null,
      },
    };
  }
}
