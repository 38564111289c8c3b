import type { AccountIconName } from '@cab/contracts/client';

/** Path data of the account icons, drawn like the category icons (24-unit grid, stroked). */
export const ACCOUNT_PATHS: Record<AccountIconName, string> = {
  // A banknote.
  cash: 'M3 6.5h18v11H3zM12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6.5 12h.5M17 12h.5',
  // A wallet: online payment.
  wallet:
    'M4 7.5h14.5A1.5 1.5 0 0 1 20 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5V6a1.5 1.5 0 0 1 1.5-1.5H16v3M15.5 12h4.5v3.5h-4.5a1.75 1.75 0 0 1 0-3.5z',
  // A card with a chip.
  'debit-card':
    'M4.5 5.5h15A1.5 1.5 0 0 1 21 7v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17V7a1.5 1.5 0 0 1 1.5-1.5zM6.5 9h3v2.5h-3zM6.5 15h4M13 15h4.5',
  // A card with its magnetic stripe.
  'credit-card':
    'M4.5 5.5h15A1.5 1.5 0 0 1 21 7v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17V7a1.5 1.5 0 0 1 1.5-1.5zM3 9.5h18M3 12h18M6.5 15.5h3',
  // Rising bars.
  investment: 'M3.5 20.5h17M6 17v-4M10 17V9M14 17v-6M18 17V5',
  // Money coming in.
  receivable: 'M4 14v4.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V14M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5',
  // Money going out.
  payable: 'M4 14v4.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V14M12 14.5v-11M7.5 8 12 3.5 16.5 8',
  // A safe: any other account.
  account:
    'M4.5 4h15A1.5 1.5 0 0 1 21 5.5v12a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-12A1.5 1.5 0 0 1 4.5 4zM6 19v1.5M18 19v1.5M11 14.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM11 11.5h.01M17.5 9.5v4',
};
