import {
  ACCOUNT_ICONS,
  ACCOUNT_TYPE_ICONS,
  CATEGORY_ICONS,
  DEFAULT_CATEGORY_ICON,
  type AccountIconName,
  type AccountType,
  type CategoryIconName,
} from '@cab/contracts/client';
import { PathIcon } from '../../../app/icons.tsx';
import { ACCOUNT_PATHS } from './account-paths.ts';
import { CATEGORY_PATHS } from './category-paths.ts';

/**
 * Icons of categories and accounts, from the app's own SVG set (docs/ui.md: never emoji
 * characters). Only the accounting screens import this module, so its path data stays
 * out of the first load.
 */

export const isCategoryIcon = (v: string): v is CategoryIconName => (CATEGORY_ICONS as readonly string[]).includes(v);
export const isAccountIcon = (v: string): v is AccountIconName => (ACCOUNT_ICONS as readonly string[]).includes(v);
const isAccountType = (v: string): v is AccountType => Object.hasOwn(ACCOUNT_TYPE_ICONS, v);

/** The icon an account type shows; an unknown type shows the general account. */
export const accountIconOf = (type: string): AccountIconName => (isAccountType(type) ? ACCOUNT_TYPE_ICONS[type] : 'account');

function Glyph({ name, d, size, color }: { name: string; d: string; size: number | string; color?: string | undefined }) {
  return <PathIcon d={d} name={name} size={size} style={color ? { color } : undefined} />;
}

/** A category's icon by name (CATEGORY_ICONS); an unknown name shows 'other'. */
export function CategoryIcon({ name, size = '1em', color }: { name: string; size?: number | string; color?: string }) {
  const icon = isCategoryIcon(name) ? name : DEFAULT_CATEGORY_ICON;
  return <Glyph name={icon} d={CATEGORY_PATHS[icon]} size={size} color={color} />;
}

/** An account's icon by its type (`Cash`, `Virtual`, `DebitCard`, ...). */
export function AccountIcon({ type, size = '1em' }: { type: string; size?: number | string }) {
  const icon = accountIconOf(type);
  return <Glyph name={icon} d={ACCOUNT_PATHS[icon]} size={size} />;
}
