import {
  PERMISSION_CODES,
  PERMISSION_NAMES,
  Permission,
  completePermissions,
  moneyToMinor,
  permissionGroup,
  type Locale,
  type PermissionNode,
  type Role,
  type PermissionCode,
  type RoleRef,
} from '@cab/contracts';
import type { RoleOperationRequest } from '@cab/contracts';
import type { z } from 'zod';
import { holds, type BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import type { InvitationsRepository } from './invitations.repository.ts';
import { MAX_ROLES, mayActOn, mayHandOut } from './members.policy.ts';
import { presentRole, roleRef } from './present.ts';
import type { RoleRow, RolesRepository } from './roles.repository.ts';

type RoleOperation = z.output<typeof RoleOperationRequest>;

/** A book's roles: listing, the permission tree, and create, update, delete (SPEC 4 operations 9, 8, D). */
export class RolesService {
  constructor(
    private readonly db: Database,
    private readonly roles: RolesRepository,
    private readonly invitations: InvitationsRepository,
    private readonly books: BooksService,
    private readonly clock: Clock,
  ) {}

  private editable(book: BookContext, r: RoleRow): boolean {
    return holds(book, Permission.ROLE_EDIT) && mayActOn(book, r);
  }

  async list(book: BookContext, locale: Locale, paidOnly = false): Promise<Role[]> {
    const rows = await this.roles.list(book.bookId);
    return rows.filter((r) => !paidOnly || r.price_minor !== '0').map((r) => presentRole(r, locale, this.editable(book, r)));
  }

  /** The roles the caller may give (never the owner's). */
  async assignable(book: BookContext, locale: Locale): Promise<Role[]> {
    const rows = await this.roles.list(book.bookId);
    return rows.filter((r) => mayActOn(book, r)).map((r) => presentRole(r, locale, this.editable(book, r)));
  }

  async get(book: BookContext, roleId: string, locale: Locale): Promise<Role> {
    const r = await this.found(book.bookId, roleId);
    return presentRole(r, locale, this.editable(book, r));
  }

  /** Role refs by id, in the reader's language, for presenting requests and links. */
  async refs(bookId: string, ids: readonly (string | null)[], locale: Locale): Promise<Map<string, RoleRef>> {
    const rows = await this.roles.many(bookId, [...new Set(ids.filter((x): x is string => x !== null))]);
    return new Map(rows.map((r) => [r.id, roleRef(r, locale)]));
  }

  async viewerRoleId(bookId: string, db: Database = this.db): Promise<string> {
    return (await this.roles.byKind(bookId, 'viewer', db))!.id;
  }

  async found(bookId: string, roleId: string, db: Database = this.db): Promise<RoleRow> {
    const r = await this.roles.get(bookId, roleId, db);
    if (!r) throw new AppError('role.notFound');
    return r;
  }

  /** The permission-config tree with this role's statuses: groups with their codes. */
  async tree(book: BookContext, roleId: string, locale: Locale): Promise<PermissionNode[]> {
    const r = await this.found(book.bookId, roleId);
    const status = (code: string) => (r.kind === 'owner' || r.permissions.includes(code) ? '1' : '0');
    const groups = PERMISSION_CODES.filter((c) => c.length === 2);
    return groups.map((g) => ({
      code: g,
      name: PERMISSION_NAMES[g][locale],
      status: status(g),
      children: PERMISSION_CODES.filter((c) => c.length > 2 && permissionGroup(c) === g).map((c) => ({
        code: c,
        name: PERMISSION_NAMES[c][locale],
        status: status(c),
        children: [],
      })),
    }));
  }

  /** The caller's statuses for the codes asked (unknown codes '0'). */
  permissions(book: BookContext, codes: string[]): Record<string, '0' | '1'> {
    return Object.fromEntries(
      codes.map((c) => [c, (PERMISSION_CODES as readonly string[]).includes(c) && holds(book, c as PermissionCode) ? '1' : '0']),
    );
  }

  async operate(book: BookContext, userId: string, req: RoleOperation, locale: Locale): Promise<Role> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const log = (action: string, id: string, before?: unknown, after?: unknown) =>
          this.books.logActivity(tx, { book_id: book.bookId, user_id: userId, action, entity: 'role', entity_id: id, before, after });
        if (req.operation === '9') {
          if ((await this.roles.count(book.bookId, tx)) >= MAX_ROLES) throw new AppError('role.tooMany', { max: MAX_ROLES });
          const codes = this.codesToGive(book, req.permission_codes);
          const row = {
            book_id: book.bookId,
            name: req.role_name,
            description: req.role_desc ?? '',
            permissions: codes,
            price_minor: String(moneyToMinor(req.price ?? '0')),
            billing_type: req.billing_type ?? 'OneOff',
          };
          const id = await this.roles.create(tx, row);
          await log('create', id, undefined, { name: row.name, permissions: codes, price: req.price ?? '0' });
          return presentRole(await this.found(book.bookId, id, tx), locale, true);
        }
        const current = await this.found(book.bookId, req.role_id, tx);
        if (current.kind === 'owner') throw new AppError('role.ownerFixed');
        if (!mayActOn(book, current)) throw new AppError('member.aboveYou');
        if (req.operation === 'D') {
          if (current.kind !== 'custom') throw new AppError('role.systemKept');
          const holders = Number(current.member_count);
          if (holders > 0) throw new AppError('role.inUse', { count: holders });
          await this.invitations.dropRole(tx, book.bookId, current.id, new Date(this.clock.now()));
          await this.roles.remove(tx, book.bookId, current.id);
          await log('delete', current.id, { name: current.name, permissions: current.permissions });
          return presentRole(current, locale, false);
        }
        const patch = {
          ...(req.role_name !== undefined ? { name: req.role_name } : {}),
          ...(req.role_desc !== undefined ? { description: req.role_desc } : {}),
          ...(req.permission_codes !== undefined ? { permissions: this.codesToGive(book, req.permission_codes) } : {}),
          ...(req.price !== undefined ? { price_minor: String(moneyToMinor(req.price)) } : {}),
          ...(req.billing_type !== undefined ? { billing_type: req.billing_type } : {}),
        };
        await this.roles.update(tx, book.bookId, current.id, patch, new Date(this.clock.now()));
        await log('update', current.id, { name: current.name, permissions: current.permissions }, patch);
        return presentRole(await this.found(book.bookId, current.id, tx), locale, true);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'book_roles_name_idx')) throw new AppError('role.nameTaken');
      throw err;
    }
  }

  private codesToGive(book: BookContext, asked: readonly string[]): string[] {
    const codes = completePermissions(asked);
    if (!mayHandOut(book, codes)) throw new AppError('invitation.roleAboveYours');
    return codes;
  }
}
