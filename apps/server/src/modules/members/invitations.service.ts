import crypto from 'node:crypto';
import {
  ASSIGNED_BY_ADMIN_ROLE_ID,
  INVITATION_CODE_LENGTH,
  Permission,
  URGE_INTERVAL_MS,
  type ApplyRequest,
  type AuditType,
  type Invitation,
  type Locale,
  type MemberRequest,
  type WhetherExist,
} from '@cab/contracts';
import type { z } from 'zod';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { BooksService } from '../books/books.service.ts';
import type { InvitationRow, InvitationsRepository } from './invitations.repository.ts';
import type { MembersRepository } from './members.repository.ts';
import type { MembersService } from './members.service.ts';
import { presentInvitation } from './present.ts';
import type { RolesService } from './roles.service.ts';

type Apply = z.output<typeof ApplyRequest>;
const DAY = 24 * 60 * 60 * 1000;
/** Letters and digits without look-alikes (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Wrong invitation codes a user may type per link in a window, and opening links per minute. */
const CODE_TRIES = { max: 10, windowMs: 10 * 60 * 1000 };
const LOOKUPS = { max: 60, windowMs: 60 * 1000 };

function randomCode(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = crypto.randomBytes(1)[0]!;
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % CODE_ALPHABET.length)) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  }
  return out;
}

const sameCode = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Invitation links: making, listing and revoking them; opening, applying, joining and urging from the joiner's side. */
export class InvitationsService {
  constructor(
    private readonly db: Database,
    private readonly invitations: InvitationsRepository,
    private readonly members: MembersRepository,
    private readonly memberService: MembersService,
    private readonly roles: RolesService,
    private readonly books: BooksService,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  private now = () => new Date(this.clock.now());

  private async present(i: InvitationRow, locale: Locale, forInviter: boolean): Promise<Invitation> {
    const refs = await this.roles.refs(i.book_id, i.role_ids, locale);
    const roles = i.role_ids.map((id) => refs.get(id)).filter((r) => r !== undefined);
    return presentInvitation(i, roles, locale, forInviter);
  }

  async create(
    book: BookContext,
    actorId: string,
    req: { audit_type: AuditType; link_validity: number; role_ids?: string[] | undefined; remark?: string | undefined },
    locale: Locale,
  ): Promise<Invitation> {
    let roleIds = [...new Set(req.role_ids ?? [])];
    if (req.audit_type !== 'NeedToBeReviewed' && roleIds.length === 0) throw new AppError('invitation.roleNeeded');
    if (req.audit_type === 'NoReviewDesignatedRole' && roleIds.length !== 1) throw new AppError('invitation.singleRole');
    for (const id of roleIds) await this.memberService.roleToGive(book, id);
    if (roleIds.length === 0) roleIds = (await this.roles.assignable(book, locale)).map((r) => r.role_id);
    const now = this.now();
    const id = await this.db.transaction().execute(async (tx) => {
      const created = await this.invitations.create(tx, {
        book_id: book.bookId,
        code: crypto.randomBytes(18).toString('base64url'),
        audit_type: req.audit_type,
        role_ids: roleIds,
        role_code: req.audit_type === 'NoReviewRoleCode' ? randomCode(INVITATION_CODE_LENGTH) : null,
        validity_days: req.link_validity,
        inviter_id: actorId,
        remark: req.remark ?? '',
        expires_at: req.link_validity === 0 ? null : new Date(now.getTime() + req.link_validity * DAY),
      });
      await this.books.logActivity(tx, {
        book_id: book.bookId,
        user_id: actorId,
        action: 'create',
        entity: 'invitation',
        entity_id: created,
        after: { audit_type: req.audit_type, role_ids: roleIds, link_validity: req.link_validity },
      });
      return created;
    });
    return this.present((await this.invitations.get(book.bookId, id))!, locale, true);
  }

  async live(book: BookContext, locale: Locale): Promise<Invitation[]> {
    const rows = await this.invitations.live(book.bookId, this.now());
    return Promise.all(rows.map((i) => this.present(i, locale, true)));
  }

  async revoke(book: BookContext, actorId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (!(await this.invitations.revoke(tx, book.bookId, id, this.now()))) throw new AppError('invitation.notFound');
      await this.books.logActivity(tx, { book_id: book.bookId, user_id: actorId, action: 'revoke', entity: 'invitation', entity_id: id });
    });
  }

  /** A link by its code, refused when unknown (404) or no longer in force (422). Lookups are rate limited per caller. */
  private async inForce(code: string, who: string): Promise<InvitationRow> {
    if ((await this.kv.hit(`invite-lookup:${who}`, LOOKUPS.windowMs)) > LOOKUPS.max) throw new AppError('invitation.tooManyTries');
    const i = await this.invitations.byCode(code);
    if (!i) throw new AppError('invitation.notFound');
    if (i.revoked_at || (i.expires_at && i.expires_at.getTime() <= this.clock.now())) throw new AppError('invitation.expired');
    return i;
  }

  async open(code: string, who: string, locale: Locale): Promise<Invitation> {
    return this.present(await this.inForce(code, who), locale, false);
  }

  async whetherExist(code: string, userId: string): Promise<{ status: WhetherExist; request_id: string | null; book_id: string }> {
    const i = await this.invitations.byCode(code);
    if (!i) throw new AppError('invitation.notFound');
    if (await this.members.get(i.book_id, userId)) return { status: 'existed', request_id: null, book_id: i.book_id };
    const open = await this.invitations.openRequest(i.book_id, userId);
    if (open?.status === 'ToBeAuthorized') return { status: 'underReview', request_id: open.id, book_id: i.book_id };
    return { status: 'notExist', request_id: null, book_id: i.book_id };
  }

  /** Checks a typed invitation code against the link (rate limited per user and link). */
  private async checkCode(i: InvitationRow, typed: string | undefined, userId: string): Promise<void> {
    if (!typed) throw new AppError('invitation.codeNeeded');
    const key = `invite-code:${i.id}:${userId}`;
    if ((await this.kv.hit(key, CODE_TRIES.windowMs)) > CODE_TRIES.max) throw new AppError('invitation.tooManyTries');
    if (!i.role_code || !sameCode(i.role_code, typed)) throw new AppError('invitation.codeWrong');
  }

  async rolesForCode(code: string, typed: string, userId: string, locale: Locale): Promise<Invitation> {
    const i = await this.inForce(code, userId);
    if (i.audit_type !== 'NoReviewRoleCode') throw new AppError('invitation.codeWrong');
    await this.checkCode(i, typed, userId);
    return this.present(i, locale, false);
  }

  async apply(
    userId: string,
    req: Apply,
    locale: Locale,
  ): Promise<{ status: MemberRequest['status']; request_id: string; book_id: string; role: MemberRequest['role'] }> {
    const i = await this.inForce(req.invite_code, userId);
    const chosen = req.role_id === ASSIGNED_BY_ADMIN_ROLE_ID ? null : req.role_id;
    if (chosen === null ? i.audit_type !== 'NeedToBeReviewed' : !i.role_ids.includes(chosen))
      throw new AppError('invitation.roleNotAllowed');
    if (i.audit_type === 'NoReviewRoleCode') await this.checkCode(i, req.role_code, userId);
    const review = i.audit_type === 'NeedToBeReviewed';
    let requestId = '';
    try {
      await this.db.transaction().execute(async (tx) => {
        if (await this.members.get(i.book_id, userId, tx)) throw new AppError('invitation.alreadyMember');
        if (await this.invitations.openRequest(i.book_id, userId, tx)) throw new AppError('invitation.pending');
        requestId = await this.invitations.createRequest(tx, {
          book_id: i.book_id,
          user_id: userId,
          kind: review ? 'apply' : 'join',
          status: review ? 'ToBeAuthorized' : 'Accepted',
          invitation_id: i.id,
          inviter_id: i.inviter_id,
          role_id: chosen,
          granted_role_id: review ? null : chosen,
          remark: req.remark ?? '',
          subscribe: req.subscribe ?? true,
          decided_at: review ? null : this.now(),
        });
        if (!review) await this.memberService.admit(tx, i.book_id, userId, chosen!, req.subscribe ?? true, userId);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'book_member_requests_open_idx')) throw new AppError('invitation.pending');
      if (isUniqueViolation(err)) throw new AppError('invitation.alreadyMember');
      throw err;
    }
    const role = chosen ? ((await this.roles.refs(i.book_id, [chosen], locale)).get(chosen) ?? null) : null;
    return { status: review ? 'ToBeAuthorized' : 'Accepted', request_id: requestId, book_id: i.book_id, role };
  }

  async urge(userId: string, requestId: string): Promise<{ urge_count: number; urged_at: number }> {
    const q = await this.invitations.requestOfUser(userId, requestId, ['ToBeAuthorized']);
    if (!q) throw new AppError('invitation.requestNotFound');
    const wait = q.urged_at ? q.urged_at.getTime() + URGE_INTERVAL_MS - this.clock.now() : 0;
    if (wait > 0) throw new AppError('invitation.urgeTooSoon', { minutes: Math.ceil(wait / 60_000) });
    const res = await this.invitations.urge(this.db, q.book_id, q.id, this.now());
    return { urge_count: res.urge_count, urged_at: res.urged_at.getTime() };
  }

  async pendingPrompts(userId: string, locale: Locale) {
    const [mine, toApprove] = await Promise.all([
      this.invitations.ofUser(userId, ['ToBeAccepted', 'ToBeAuthorized']),
      this.invitations.toApprove(userId, Permission.MEMBER_APPROVAL),
    ]);
    const presented = await this.memberService.presentRequests(mine, locale);
    return {
      invitations: presented.filter((q) => q.status === 'ToBeAccepted'),
      applications: presented.filter((q) => q.status === 'ToBeAuthorized'),
      to_approve: toApprove.map((r) => ({ book_id: r.book_id, book_name: r.book_name, count: Number(r.n) })),
    };
  }

  async settings(book: BookContext) {
    const s = await this.invitations.settings(book.bookId);
    return { link_validity: s.invite_validity_days as 0 | 1 | 7 | 30, audit_type: s.invite_audit_type };
  }

  async saveSettings(book: BookContext, actorId: string, setting: { link_validity: number; audit_type: AuditType }) {
    const before = await this.settings(book);
    await this.db.transaction().execute(async (tx) => {
      await this.invitations.saveSettings(tx, book.bookId, setting.link_validity, setting.audit_type);
      await this.books.logActivity(tx, {
        book_id: book.bookId,
        user_id: actorId,
        action: 'update',
        entity: 'invite_setting',
        entity_id: book.bookId,
        before,
        after: setting,
      });
    });
    return this.settings(book);
  }
}
