import type { LabelKind, StatisticsQuery } from '@cab/contracts/client';

/** The group keys of the group flow (SPEC 2: member, merchant, project). */
export const FLOW_GROUP_KEYS = ['MEMBER', 'MERCHANT', 'PROJECT'] as const;
export type FlowGroupKey = (typeof FLOW_GROUP_KEYS)[number];

export const parseGroupKey = (v: string | null): FlowGroupKey =>
  (FLOW_GROUP_KEYS as readonly string[]).includes(v ?? '') ? (v as FlowGroupKey) : 'MEMBER';

/** The label list a group key's items come from. */
export const GROUP_LABEL_KIND: Record<FlowGroupKey, LabelKind> = { MEMBER: 'members', MERCHANT: 'merchants', PROJECT: 'projects' };

/**
 * One group's records as a query filter ("0": none). The period is the flow's group
 * filter, so the group goes into the query; the two select the same records.
 */
export function groupQuery(key: FlowGroupKey, id: string): StatisticsQuery {
  if (key === 'MEMBER') return { member_ids: [id] };
  if (key === 'MERCHANT') return { merchant_ids: [id] };
  return { project_ids: [id] };
}
