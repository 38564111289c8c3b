import { ALWAYS_HELD } from '@cab/contracts/client';
import type { BillingType, PermissionNode } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/members.ts';

/*
 * Role and permission names come from the server, in the reader's language (a seeded
 * role that was never renamed, and the permission-config tree's names): the
 * contracts' name tables stay out of the web, whose first load would carry them.
 */

/** SPEC 3: "0" is free; otherwise the amount with its unit (a day, a person a day, once), in banana shell. */
export function rolePriceText(info: { price: string; billing_type: BillingType }): string {
  const price = info.price.trim();
  if (!price || Number(price) === 0) return i18n.t('members.roles.free');
  return i18n.t(`members.roles.price.${info.billing_type}`, { amount: price });
}

/** The codes a tree allows ('1'), in its order. */
export function allowedCodes(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => [...(n.status === '1' ? [n.code] : []), ...allowedCodes(n.children)]);
}

/** The part of a tree that is allowed ('1'): what a role holds, by name. */
export function allowedTree(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.filter((n) => n.status === '1').map((n) => ({ ...n, children: allowedTree(n.children) }));
}

/** Every code of a tree, in its order. */
export const treeCodes = (nodes: readonly PermissionNode[]): string[] => nodes.flatMap((n) => [n.code, ...treeCodes(n.children)]);

/**
 * Ticks or unticks a code in a set. Ticking a child ticks its group (holding a code
 * means holding its group; the server completes a saved set the same way); unticking
 * a group unticks its children.
 */
export function togglePermission(selected: ReadonlySet<string>, nodes: readonly PermissionNode[], code: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (!on && (ALWAYS_HELD as readonly string[]).includes(code)) return next;
  const group = nodes.find((g) => g.code === code);
  if (on) {
    next.add(code);
    const parent = nodes.find((g) => g.children.some((c) => c.code === code));
    if (parent) next.add(parent.code);
  } else {
    next.delete(code);
    for (const c of group?.children ?? []) next.delete(c.code);
  }
  return next;
}
