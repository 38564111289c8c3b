/** The members calls' answer shapes come from the contracts (types only, no zod). */
export type { ActivitiesPage, BookUsers, InviteSetting, MemberDetail, MemberRequests } from '@cab/contracts/client';

/** A role as a choice: what the assignable-roles call and every role list have in common. */
export interface RoleChoiceItem {
  role_id: string;
  role_name: string;
  role_desc: string;
  role_code?: string;
}
