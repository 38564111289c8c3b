/**
 * The commerce area's paths (SPEC 7) and constants (SPEC 9); zod-free for the web.
 * docs/commerce.md holds the design: banana shell, the ledger, payments and orders.
 */
export const COMMERCE_PATHS = {
  /** The caller's accounts: their banana-shell wallet and its balance. */
  accounts: '/cab-service-ws/v1/accounts',
} as const;

/** The virtual currency's account type (SPEC 9: banana shell); 1 banana shell = 100 units in the ledger. */
export const BANANA_SHELL = 'banana_shell';
