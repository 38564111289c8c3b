import type { AccountType } from './accounting-rules.ts';

/**
 * Icons of categories and accounts: names of the web's own SVG icon set
 * (apps/web/src/features/accounting/icons), never emoji characters, which show as empty
 * boxes where no emoji font is installed and differently on every phone. No zod here:
 * the web reads these through `@cab/contracts/client`.
 */
export const CATEGORY_ICONS = [
  // Everyday spending
  'food',
  'shopping',
  'clothing',
  'transport',
  'car',
  'fuel',
  'parking',
  'repair',
  'tools',
  'insurance',
  'home',
  'furniture',
  'appliance',
  'bathroom',
  'construction',
  'design',
  'entertainment',
  'sports',
  'travel',
  'train',
  'hotel',
  'photo',
  'medical',
  'education',
  'children',
  'baby-food',
  'toys',
  'elderly',
  'pet',
  'red-envelope',
  'gift',
  'wedding',
  'jewelry',
  // Business
  'stock',
  'store',
  'labor',
  'marketing',
  'delivery',
  'tax',
  // Income
  'salary',
  'bonus',
  'sales',
  'investment',
  'income',
  // Anything else
  'other',
] as const;
export type CategoryIconName = (typeof CATEGORY_ICONS)[number];

/** The icon of a category that has none of its own (and what an unknown name shows). */
export const DEFAULT_CATEGORY_ICON = 'other' satisfies CategoryIconName;

export const ACCOUNT_ICONS = ['cash', 'wallet', 'debit-card', 'credit-card', 'investment', 'receivable', 'payable', 'account'] as const;
export type AccountIconName = (typeof ACCOUNT_ICONS)[number];

/** An account shows the icon of its type (SPEC's account types, `ACCOUNT_TYPES`). */
export const ACCOUNT_TYPE_ICONS: Record<AccountType, AccountIconName> = {
  Cash: 'cash',
  Virtual: 'wallet',
  DebitCard: 'debit-card',
  CreditCard: 'credit-card',
  Investment: 'investment',
  Receivable: 'receivable',
  Payable: 'payable',
  Other: 'account',
};

/**
 * The emoji that category icons were before they became names, each with the name that
 * replaces it (migration 0005 holds the same pairs). An emoji stands for what it showed:
 * 💰 was the icon of both wages and other income, and becomes the general `income`.
 */
export const EMOJI_TO_CATEGORY_ICON: Record<string, CategoryIconName> = {
  '🍜': 'food',
  '🍚': 'food',
  '🍲': 'food',
  '🛍️': 'shopping',
  '🚇': 'transport',
  '🚄': 'train',
  '🚗': 'car',
  '⛽': 'fuel',
  '🅿️': 'parking',
  '🔧': 'repair',
  '🧰': 'tools',
  '📄': 'insurance',
  '🏠': 'home',
  '🛋️': 'furniture',
  '📺': 'appliance',
  '🚿': 'bathroom',
  '🧱': 'construction',
  '📐': 'design',
  '🎮': 'entertainment',
  '🎡': 'entertainment',
  '🎢': 'entertainment',
  '🏝️': 'travel',
  '🏨': 'hotel',
  '📷': 'photo',
  '💊': 'medical',
  '🏥': 'medical',
  '💉': 'medical',
  '📚': 'education',
  '🎨': 'education',
  '🧒': 'children',
  '🍼': 'baby-food',
  '🧸': 'toys',
  '👵': 'elderly',
  '🧧': 'red-envelope',
  '🎁': 'gift',
  '💒': 'wedding',
  '💍': 'jewelry',
  '📦': 'stock',
  '🏬': 'store',
  '👷': 'labor',
  '📣': 'marketing',
  '🚚': 'delivery',
  '🧾': 'tax',
  '💵': 'sales',
  '📈': 'investment',
  '💰': 'income',
};
