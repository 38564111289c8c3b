import type { BookMembership } from '../../http/book-scope.ts';
import type { RoleKind } from '../../platform/db/schema.ts';

/**
 * No one hands out more than they hold: someone who is not the owner may give, make or
 * change only roles whose codes they hold themselves, and act only on members whose
 * role holds no code they lack.
 */
export function mayHandOut(actor: Pick<BookMembership, 'role' | 'permissions'>, codes: readonly string[]): boolean {
  return actor.role === 'owner' || codes.every((c) => actor.permissions.includes(c));
}

/** Whether the actor may change a role or member holding these codes (never the owner's). */
export function mayActOn(
  actor: Pick<BookMembership, 'role' | 'permissions'>,
  target: { kind: RoleKind; permissions: readonly string[] },
): boolean {
  return target.kind !== 'owner' && mayHandOut(actor, target.permissions);
}

/** At most this many roles in a book (the four seeded ones included). */
export const MAX_ROLES = 20;
