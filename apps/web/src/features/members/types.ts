/** The members calls' answer shapes come from the contracts (types only, no zod). */
import type { BillingType } from '@cab/contracts/client';
export type { ActivitiesPage, BookUsers, InviteSetting, MemberDetail, MemberRequests } from '@cab/contracts/client';

/** A role as a choice: what the assignable-roles call and every role list have in common. */
export interface RoleChoiceItem {
  role_id: string;
  role_name: string;
  role_desc: string;
  role_code?: string;
  /** SPEC 3's price: a paid role is bought for the member (commerce), not just given. */
  role_info?: { price: string; billing_type: BillingType };
}

/** Whether a role costs banana shells to give (its price is above 0). */
export const isPaidRole = (r: Pick<RoleChoiceItem, 'role_info'>): boolean => {
  const price = r.role_info?.price.trim() ?? '';
  return /^[0-9]+(\.[0-9]+)?$/.test(price) && /[1-9]/.test(price);
};
