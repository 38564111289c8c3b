import { z } from 'zod';
import { dataOf } from './common.ts';
import { MEMBER_USER_TYPE, OWNER_USER_TYPE } from './cloud-paths.ts';

/** GET user-type: whether the caller owns the Trading-Entity book (SPEC 4). */
export const UserTypeResponse = dataOf(z.object({ user_type: z.enum([OWNER_USER_TYPE, MEMBER_USER_TYPE]) }));
export type UserTypeResponse = z.infer<typeof UserTypeResponse>;
