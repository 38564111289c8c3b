import { z } from 'zod';
import { Money, dataOf } from './common.ts';
import { BANANA_SHELL } from './commerce-paths.ts';

/** GET accounts: the caller's banana-shell wallet (0.00 before any recharge). */
export const AccountsResponse = dataOf(z.array(z.object({ account_type: z.literal(BANANA_SHELL), balance: Money })));
export type AccountsResponse = z.infer<typeof AccountsResponse>;
