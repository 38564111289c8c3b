import {
  ADD_MEMBER_LIMITS,
  ADD_MEMBER_NOTICE,
  renderText,
  type AddMemberResult,
  type BlockedBook,
  type Locale,
  type MemberRequest,
} from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { BooksService } from '../books/books.service.ts';
import type { Notifier } from '../messages/notify.ts';
import type { UserService } from '../user/user.service.ts';
import type { AddByPhoneRepository } from './add-by-phone.repository.ts';
import type { InvitationsRepository } from './invitations.repository.ts';
import type { MembersRepository } from './members.repository.ts';
import type { MembersService } from './members.service.ts';
import { maskPhone, roleRef } from './present.ts';
import type { RolesService } from './roles.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Adding a member by phone (docs/members.md, "Adding by phone"). Whoever the number is,
 * the caller sees the same: the answer, the limits, the book's lists and its activity
 * log. Only a registered user who is not in the book, has no request of theirs open in
 * it and has not blocked it is asked; they accept, decline, or decline and block.
 */
export class AddByPhoneService {
  constructor(
    private readonly db: Database,
    private readonly repo: AddByPhoneRepository,
    private readonly requests: InvitationsRepository,
    private readonly members: MembersRepository,
    private readonly memberService: MembersService,
    private readonly roles: RolesService,
    private readonly books: BooksService,
    private readonly users: UserService,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
    /** The message center: the added user hears of the request in its transaction. */
    private readonly notifier?: Notifier,
  ) {}

  async add(book: BookContext, actorId: string, phone: string, roleId: string, remark: string, locale: Locale): Promise<AddMemberResult> {
    // Refusals that depend on the caller and the book only, never on who has the number.
    if ((await this.users.get(actorId)).phone === phone) throw new AppError('invitation.addSelf');
    const role = await this.memberService.roleToGive(book, roleId);
    await enforceLimits(this.kv, [
      { key: `add-member:user:hour:${actorId}`, max: ADD_MEMBER_LIMITS.userPerHour, windowMs: HOUR, message: 'invitation.addHourLimit' },
      { key: `add-member:user:day:${actorId}`, max: ADD_MEMBER_LIMITS.userPerDay, windowMs: DAY, message: 'invitation.addDayLimit' },
      {
        key: `add-member:book:hour:${book.bookId}`,
        max: ADD_MEMBER_LIMITS.bookPerHour,
        windowMs: HOUR,
        message: 'invitation.addHourLimit',
      },
      { key: `add-member:book:day:${book.bookId}`, max: ADD_MEMBER_LIMITS.bookPerDay, windowMs: DAY, message: 'invitation.addDayLimit' },
    ]);
    const masked = maskPhone(phone);
    const user = await this.users.findByPhone(phone);
    await this.db.transaction().execute(async (tx) => {
      // Every add is logged alike, by the masked number: the log names nobody who has not said yes.
      await this.books.logActivity(tx, {
        book_id: book.bookId,
        user_id: actorId,
        action: 'add',
        entity: 'member',
        entity_id: '0',
        after: { role_id: role.id, phone: masked },
      });
      if (!user || (await this.members.get(book.bookId, user.id, tx)) || (await this.repo.isBlocked(user.id, book.bookId, tx))) return;
      const id = await this.repo.askToJoin(tx, { book_id: book.bookId, user_id: user.id, inviter_id: actorId, role_id: role.id, remark });
      if (!id || !this.notifier) return;
      const bookName = await this.repo.bookName(tx, book.bookId);
      const inviter = await this.members.nickname(tx, actorId);
      await this.notifier.notify(tx, [
        { userId: user.id, bookId: null, kind: 'invitation.received', params: { bookName, inviter, bookId: book.bookId, requestId: id } },
      ]);
    });
    return { phone: masked, role: roleRef(role, locale), notice: renderText(ADD_MEMBER_NOTICE, locale, { phone: masked }) };
  }

  /** The added user accepts (joins with the role offered) or declines, and may block the book from asking again. */
  async answer(userId: string, id: string, accepted: boolean, block: boolean, locale: Locale): Promise<MemberRequest> {
    const q = await this.requests.requestOfUser(userId, id, ['ToBeAccepted']);
    if (!q) throw new AppError('invitation.requestNotFound');
    // The role may have been deleted since: the viewer's role stands in.
    const offered = q.role_id ? (await this.roles.refs(q.book_id, [q.role_id], locale)).get(q.role_id)?.role_id : undefined;
    const roleId = offered ?? (await this.roles.viewerRoleId(q.book_id));
    try {
      await this.db.transaction().execute(async (tx) => {
        const decided = await this.requests.decide(tx, q.book_id, id, {
          status: accepted ? 'Accepted' : 'Rejected',
          granted_role_id: accepted ? roleId : null,
          decided_by: userId,
          decided_at: new Date(this.clock.now()),
        });
        if (!decided) throw new AppError('invitation.requestNotFound');
        if (accepted) await this.memberService.admit(tx, q.book_id, userId, roleId, q.subscribe, userId);
        else if (block) await this.repo.block(tx, userId, q.book_id);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('invitation.alreadyMember');
      throw err;
    }
    return (await this.memberService.presentRequests([(await this.requests.request(q.book_id, id))!], locale))[0]!;
  }

  async blocked(userId: string): Promise<BlockedBook[]> {
    return (await this.repo.blocked(userId)).map((b) => ({
      book_id: b.book_id,
      book_name: b.book_name,
      blocked_at: b.created_at.getTime(),
    }));
  }

  /** Lets the book ask again; allowing a book that was not blocked changes nothing. */
  unblock(userId: string, bookId: string): Promise<void> {
    return this.repo.unblock(userId, bookId);
  }
}
