import { z } from 'zod';
import { BUSINESS_TYPES } from './accounting-rules.ts';
import { Transaction } from './accounting.ts';
import { EpochMs, Id, Money, Text } from './common.ts';
import { CursorText } from './cursor.ts';
import type { MessageKey } from './messages.ts';
import { FLOW_SORT_KEYS, GROUP_KEYS, GROUP_SORT_KEYS, METRIC_KEYS, ORDERS, STATISTICS_LIMITS as L } from './statistics-rules.ts';

// ---------- the query every statistics call filters by ----------

/** An id, or "0" for none (no category, member, merchant or project). */
const IdOrNone = z.union([Id, z.literal('0')]);
const ids = <T extends z.ZodType>(item: T) => z.array(item).max(L.filterIdsMax);
/** The types of records to count; a Template is a saved form, never a flow. "Balance" means the balance entries (Balance_Changed). */
export const FlowType = z.enum(BUSINESS_TYPES).exclude(['Template']);
export type FlowType = z.infer<typeof FlowType>;

export const StatisticsQuery = z
  .object({
    /** Instants, epoch ms; both ends included. */
    start_time: EpochMs.optional(),
    end_time: EpochMs.optional(),
    /** Records that move any of these accounts (either side of a transfer). */
    account_ids: ids(Id).optional(),
    /** A first-level category includes its subcategories; "0" means no category. */
    category_ids: ids(IdOrNone).optional(),
    member_ids: ids(IdOrNone).optional(),
    merchant_ids: ids(IdOrNone).optional(),
    project_ids: ids(IdOrNone).optional(),
    recorder_ids: ids(Id).optional(),
    /** The records' types (WIRE.md A calls them category_types). */
    category_types: z.array(FlowType).max(BUSINESS_TYPES.length).optional(),
    /** Over remarks and the names of categories, accounts, members, merchants and projects. */
    keyword: Text(L.keywordMax, { min: 1 }).optional(),
    exclude_null_category: z.boolean().optional(),
  })
  .refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
    message: 'statistics.startAfterEnd' satisfies MessageKey,
    path: ['start_time'],
  });
export type StatisticsQuery = z.input<typeof StatisticsQuery>;

/** One group to keep: a period (its id as WIRE.md A writes it) or a dimension item ("0": none). */
export const GroupFilter = z.object({ group_key: z.enum(GROUP_KEYS), group_id: z.string().min(1).max(32) });
export type GroupFilter = z.infer<typeof GroupFilter>;

export const GroupSpec = z.object({
  group_by: z.enum(GROUP_KEYS),
  /** Also the groups without records: every period of the range, or every item of the dimension. */
  show_all: z.boolean().optional(),
});
export type GroupSpec = z.infer<typeof GroupSpec>;

export const GroupSort = z.object({ order_by: z.enum(ORDERS).optional(), sort_by: z.enum(GROUP_SORT_KEYS).optional() });
export const FlowSort = z.object({ order_by: z.enum(ORDERS).optional(), sort_by: z.enum(FLOW_SORT_KEYS).optional() });

/** A page: `cursor` (from the last answer's paging) walks by keyset; `page_offset` is kept for older clients. */
export const PageSpec = z.object({
  page_offset: z.number().int().min(0).max(L.pageOffsetMax).optional(),
  page_size: z.number().int().min(1).max(L.pageSizeMax).optional(),
  cursor: CursorText.optional(),
});
export type PageSpec = z.infer<typeof PageSpec>;

// ---------- the calls ----------

export const SummariesRequest = z.object({ query: StatisticsQuery.optional(), group_filter: GroupFilter.optional() });
export type SummariesRequest = z.input<typeof SummariesRequest>;

export const RollupGroupsRequest = z.object({
  group: GroupSpec,
  query: StatisticsQuery.optional(),
  sort: GroupSort.optional(),
  group_filter: GroupFilter.optional(),
});
export type RollupGroupsRequest = z.input<typeof RollupGroupsRequest>;

export const GroupsRequest = RollupGroupsRequest.extend({ page: PageSpec.optional() });
export type GroupsRequest = z.input<typeof GroupsRequest>;

export const FlowExtend = z.object({
  /** Account: with one account filtered, each record says how much that account moved (flow_amount). */
  scene: z.enum(['Account', 'Category', 'Member', 'Merchant', 'Project', 'Search', 'Flow']).optional(),
});
export const TransactionsRequest = z.object({
  query: StatisticsQuery.optional(),
  group_filter: GroupFilter.optional(),
  sort: FlowSort.optional(),
  page: PageSpec.optional(),
  extend: FlowExtend.optional(),
});
export type TransactionsRequest = z.input<typeof TransactionsRequest>;

export const SearchTagsRequest = z.object({
  query: StatisticsQuery.optional(),
  group_filter: GroupFilter.optional(),
  /** Tags per dimension, most used first. */
  limit: z.number().int().min(1).max(L.tagsPerGroupMax).optional(),
});
export type SearchTagsRequest = z.input<typeof SearchTagsRequest>;

export const SearchBooksRequest = z.object({
  keyword: Text(L.keywordMax, { min: 1 }),
  /** Latest matches answered per book. */
  top: z.number().int().min(0).max(L.booksSearchTopMax).optional(),
});
export type SearchBooksRequest = z.input<typeof SearchBooksRequest>;

// ---------- answers ----------

export const Metric = z.object({ key: z.enum(METRIC_KEYS), value: z.string() });
export type Metric = z.infer<typeof Metric>;

export const GroupInfo = z.object({
  group_key: z.enum(GROUP_KEYS),
  group_id: z.string(),
  /** A dimension item's name; a period's label (2026-08, 2026-W33, ...). */
  group_name: z.string(),
  /** Categories: the icon name; accounts: the account type. */
  icon: z.string().optional(),
  /** Second-level categories: the first-level category they belong to. */
  parent_id: z.string().nullable().optional(),
  parent_name: z.string().nullable().optional(),
  /** Periods: the instants they start and end (end excluded), in the book's time zone. */
  start_time: z.number().int().optional(),
  end_time: z.number().int().optional(),
});
export type GroupInfo = z.infer<typeof GroupInfo>;

export const GroupItem = z.object({ group_info: GroupInfo, metric_data: z.array(Metric) });
export type GroupItem = z.infer<typeof GroupItem>;

export const SummariesResponse = z.object({
  data: z.object({
    metric_data: z.array(Metric),
    /** The range counted (from the query and the group filter); null when open. */
    start_time: z.number().int().nullable(),
    end_time: z.number().int().nullable(),
  }),
});
export type Summary = z.infer<typeof SummariesResponse>['data'];

export const RollupGroupsResponse = z.object({ data: z.array(GroupItem), metric_data: z.array(Metric) });
export type RollupGroups = z.infer<typeof RollupGroupsResponse>;

export const Paging = z.object({
  has_more: z.boolean(),
  /** Send as page.cursor for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type Paging = z.infer<typeof Paging>;

export const GroupsResponse = z.object({ data: z.array(GroupItem), paging: Paging });
export type GroupsPage = z.infer<typeof GroupsResponse>;

export const FlowTransaction = Transaction.extend({
  /** With scene Account and one account filtered: the signed amount that account moved, in its currency. */
  flow_amount: Money.nullable(),
});
export type FlowTransaction = z.infer<typeof FlowTransaction>;
export const TransactionsResponse = z.object({ data: z.array(FlowTransaction), paging: Paging });
export type FlowPage = z.infer<typeof TransactionsResponse>;

export const SearchTag = z.object({
  group_key: z.enum(GROUP_KEYS),
  /** The heading the tag is listed under (分类, 账户, ...), in the caller's language. */
  group_name: z.string(),
  group_id: z.string(),
  /** The tag's text: the item's name. */
  label: z.string(),
  /** Records of the query with this item. */
  count: z.number().int(),
});
export type SearchTag = z.infer<typeof SearchTag>;
export const SearchTagsResponse = z.object({ data: z.array(SearchTag) });

export const BookSearchResult = z.object({
  book_id: z.string(),
  book_name: z.string(),
  count: z.number().int(),
  metric_data: z.array(Metric),
  transactions: z.array(Transaction),
});
export type BookSearchResult = z.infer<typeof BookSearchResult>;
export const SearchBooksResponse = z.object({ data: z.array(BookSearchResult) });
