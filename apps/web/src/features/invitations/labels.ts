import { ASSIGNED_BY_ADMIN_ROLE_ID, type LinkValidity, type Role, type RoleRef } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/format.ts';
import '../../i18n/invitations.ts';

/**
 * How the invitations area writes roles, validities, prices and dates in the user's
 * language. The server names every role in the reader's language already (a seeded
 * role's name too, docs/members.md).
 */
export function roleName(role: RoleRef): string {
  if (role.role_id === ASSIGNED_BY_ADMIN_ROLE_ID) return i18n.t('invitations.assignedByAdmin');
  if (role.role_name) return role.role_name;
  return role.role_id;
}

export function validityLabel(days: LinkValidity): string {
  return days === 0 ? i18n.t('invitations.forever') : i18n.t('invitations.validityDays', { count: days });
}

/** A role's price (SPEC 3): "免费" for 0, otherwise the amount with its unit, in banana shell. */
export function priceLabel(role: Role): string {
  const price = role.role_info.price;
  if (!price || Number(price) === 0) return i18n.t('invitations.free');
  return i18n.t(`invitations.price.${role.role_info.billing_type}`, { price: formatAmount(price) });
}

const dateTime = new Map<string, Intl.DateTimeFormat>();
/** An instant as a date and time of the phone, in the user's language (numbers only in Chinese). */
export function formatInstant(ms: number): string {
  let f = dateTime.get(i18n.language);
  if (!f) {
    f = new Intl.DateTimeFormat(i18n.language, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTime.set(i18n.language, f);
  }
  return f.format(ms);
}

export function expiryLabel(expireAt: number | null): string {
  return expireAt === null ? i18n.t('invitations.forever') : i18n.t('invitations.expiresAt', { date: formatInstant(expireAt) });
}
