import type { ColumnType, Generated } from 'kysely';
import type { MessageParam } from '@cab/contracts';

/** 64-bit integers come back as decimal strings from both drivers (see db/index.ts). */
type Int8 = string;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  phone: string | null;
  email: string | null;
  nickname: string;
  avatar_url: Generated<string>;
  password_hash: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface VerifyCodesTable {
  id: Generated<string>;
  phone: string;
  type: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface TokenFamiliesTable {
  id: Generated<string>;
  user_id: Int8;
  revoked_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface AccessTokensTable {
  token_hash: string;
  family_id: Int8;
  user_id: Int8;
  expires_at: Timestamp;
  created_at: DefaultedTimestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: Int8;
  user_id: Int8;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultedTimestamp;
}

export interface TemplateCategoriesTable {
  code: string;
  parent_code: string | null;
  name: string;
  name_en: string;
  sort: number;
}

export interface BookTemplatesTable {
  id: string;
  code: string;
  category_code: string;
  name: string;
  description: string;
  name_en: Generated<string>;
  description_en: Generated<string>;
  cover: string;
  icon: string;
  currency: Generated<string>;
  template_type: Generated<string>;
  content: ColumnType<unknown, string, string>;
  sort: Generated<number>;
  use_count: Generated<string>;
  review_count: Generated<string>;
}

/** A user's favourite templates (migration 0010). */
export interface TemplateCollectionsTable {
  user_id: string;
  template_id: string;
  created_at: DefaultedTimestamp;
}

/** One review per user and template; posting again edits it. */
export interface TemplateReviewsTable {
  id: Generated<string>;
  template_id: string;
  user_id: string;
  content: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CoverMaterialsTable {
  id: string;
  name: string;
  url: string;
  sort: Generated<number>;
}

export interface BooksTable {
  id: Generated<string>;
  name: string;
  remark: Generated<string>;
  icon: Generated<string>;
  cover: Generated<string>;
  book_template_id: string | null;
  currency: Generated<string>;
  creator_id: string;
  min_version: Generated<string>;
  target_version: Generated<string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  purge_after: Timestamp | null;
  /** Reports follow these (SPEC 9): the time zone, the day the month starts (dateGap) and the week (dayGap). */
  time_zone: Generated<string>;
  date_gap: Generated<number>;
  day_gap: Generated<number>;
  /** Defaults of new invitation links (defaultInviteSetting). */
  invite_validity_days: Generated<number>;
  invite_audit_type: Generated<AuditTypeColumn>;
  /** SPEC 4: arrears while a daily bill of the book is unpaid (migration 0023). */
  bill_status: Generated<'normal' | 'arrears'>;
}

export type RoleKind = 'owner' | 'admin' | 'bookkeeper' | 'viewer' | 'custom';

export interface BookUsersTable {
  book_id: string;
  user_id: string;
  role_id: string;
  joined_at: DefaultedTimestamp;
  subscribed: Generated<boolean>;
}

export interface BookBudgetsTable {
  book_id: string;
  id: Generated<string>;
  subject_type: 'Book' | 'Category';
  subject_id: string;
  budget_type: 'Expense' | 'Income';
  recurrence_type: 'Day' | 'Week' | 'Month' | 'Season' | 'Year' | 'ALL';
  amount_minor: string;
  created_by: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** A budget's period the members were told was overspent, and the amount it passed. */
export interface BudgetAlertsTable {
  book_id: string;
  budget_id: string;
  period_id: string;
  amount_minor: string;
  told_at: DefaultedTimestamp;
}

export interface BookPremiumFeaturesTable {
  book_id: string;
  feature_code: string;
  source: Generated<'operator' | 'order' | 'trial'>;
  granted_at: DefaultedTimestamp;
  expires_at: Timestamp | null;
}

export interface BookRolesTable {
  book_id: string;
  id: Generated<string>;
  kind: RoleKind;
  name: Generated<string>;
  description: Generated<string>;
  permissions: string[];
  price_minor: Generated<string>;
  billing_type: Generated<'PerDay' | 'PerPersonPerDay' | 'OneOff'>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export type AuditTypeColumn = 'NeedToBeReviewed' | 'NoReviewDesignatedRole' | 'NoReviewRoleCode';

export interface BookInvitationsTable {
  book_id: string;
  id: Generated<string>;
  code: string;
  audit_type: AuditTypeColumn;
  role_ids: string[];
  role_code: string | null;
  validity_days: number;
  inviter_id: string;
  remark: Generated<string>;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export type MemberRequestStatusColumn = 'Accepted' | 'ToBeAccepted' | 'ToBeAuthorized' | 'Agreed' | 'Rejected' | 'Distributed';

export interface BookMemberRequestsTable {
  book_id: string;
  id: Generated<string>;
  user_id: string;
  kind: 'apply' | 'join' | 'add';
  status: MemberRequestStatusColumn;
  invitation_id: string | null;
  inviter_id: string | null;
  role_id: string | null;
  granted_role_id: string | null;
  remark: Generated<string>;
  subscribe: Generated<boolean>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  urge_count: Generated<number>;
  urged_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface BookCategoriesTable {
  book_id: string;
  id: Generated<string>;
  parent_id: string | null;
  type: 'Expense' | 'Income';
  name: string;
  icon: Generated<string>;
  hidden: Generated<boolean>;
  sort: Generated<number>;
}

export interface BookAccountsTable {
  book_id: string;
  id: Generated<string>;
  group_name: string;
  name: string;
  type: string;
  currency: Generated<string>;
  balance_minor: Generated<string>;
  hidden: Generated<boolean>;
  sort: Generated<number>;
}

export interface BookLabelsTable {
  book_id: string;
  id: Generated<string>;
  kind: 'member' | 'merchant' | 'project';
  name: string;
  user_id: string | null;
  hidden: Generated<boolean>;
  sort: Generated<number>;
}

export interface BookActivitiesTable {
  book_id: string;
  id: Generated<string>;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  at: DefaultedTimestamp;
}

export interface BookRecentUsesTable {
  user_id: string;
  book_id: string;
  used_at: DefaultedTimestamp;
}

export interface PreferencesTable {
  user_id: string;
  book_id: Generated<string>;
  key: string;
  value: string;
  updated_at: DefaultedTimestamp;
}

export interface CurrencyRatesTable {
  currency: string;
  rate: ColumnType<string, string | number, string | number>;
  updated_at: DefaultedTimestamp;
}

export interface TransactionsTable {
  book_id: string;
  id: Generated<string>;
  business_type: string;
  amount_minor: ColumnType<string, string | bigint, string | bigint>;
  currency: string;
  book_amount_minor: ColumnType<string, string | bigint, string | bigint>;
  account_id: string | null;
  account_delta_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  to_account_id: string | null;
  to_account_delta_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  rate: string | null;
  category_id: string | null;
  member_id: string | null;
  merchant_id: string | null;
  project_id: string | null;
  remark: Generated<string>;
  /** The keyword index's terms of the remark (search-terms.ts). */
  search_terms: string[];
  transaction_time: Timestamp;
  recorder_id: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  updated_by: string | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  /** Its optional place (migration 0029): a name and both coordinates, or all null; numeric(·, 6) as text. */
  place_name: string | null;
  place_address: string | null;
  place_lat: string | null;
  place_lng: string | null;
}

/** What a book's live transactions add up to per local day, type and category (0: none). */
export interface TransactionDayTotalsTable {
  book_id: string;
  /** A date column comes back as a Date from both drivers (schema.test.ts); written as 'yyyy-mm-dd'. */
  day: ColumnType<Date, string, string>;
  business_type: string;
  category_id: string;
  amount_minor: Int8;
  abs_minor: Int8;
  inflow_minor: Int8;
  outflow_minor: Int8;
  count: Int8;
}

export interface BookImagesTable {
  book_id: string;
  id: Generated<string>;
  storage_key: string;
  content_type: string;
  size_bytes: ColumnType<string, number | string, number | string>;
  uploader_id: string;
  transaction_id: string | null;
  sort: Generated<number>;
  created_at: DefaultedTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status: Generated<number>;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: DefaultedTimestamp;
}

/** Home tags, the topics of the info flow (migration 0011). */
export interface ContentTagsTable {
  code: string;
  name: string;
  name_en: string;
  sort_order: Generated<number>;
  default_selected: Generated<boolean>;
}

/** A user's choice of a home tag, overriding its default. */
export interface UserHomeTagsTable {
  user_id: string;
  tag_code: string;
  is_selected: boolean;
  updated_at: DefaultedTimestamp;
}

/** Articles ('0') and videos ('1') an operator publishes. */
export interface ContentsTable {
  id: Generated<string>;
  code: string;
  type: string;
  content_category: Generated<string>;
  title: string;
  summary: Generated<string>;
  author: Generated<string>;
  body_html: Generated<string>;
  title_en: Generated<string>;
  summary_en: Generated<string>;
  author_en: Generated<string>;
  body_html_en: Generated<string>;
  cover_url: Generated<string>;
  video_url: Generated<string>;
  duration_seconds: Generated<number>;
  width_height: Generated<string>;
  template_id: string | null;
  search_terms: ColumnType<string[], string[] | undefined, string[]>;
  search_text: Generated<string>;
  collect_count: ColumnType<string, string | number | undefined, string | number>;
  published_at: Date | null;
  withdrawn_at: Date | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface ContentTagLinksTable {
  content_id: string;
  tag_code: string;
}

export interface ContentCollectionsTable {
  user_id: string;
  content_id: string;
  created_at: DefaultedTimestamp;
}

/** Info-flow cards, guides and popups (placement). */
export interface OperationsTable {
  id: Generated<string>;
  code: string;
  placement: string;
  classification: Generated<string>;
  title: string;
  text: Generated<string>;
  link: Generated<string>;
  style: Generated<string>;
  image: Generated<string>;
  share_title: string | null;
  share_path: string | null;
  share_image: string | null;
  style_items: ColumnType<Array<{ key: string; value: string }>, string | undefined, string>;
  position: Generated<number>;
  starts_at: Date | null;
  ends_at: Date | null;
  withdrawn_at: Date | null;
  created_at: DefaultedTimestamp;
}

/** A guide or popup shown to a user (once per user). */
export interface CommunityThreadsTable {
  id: Generated<string>;
  /** NULL: an official announcement. */
  book_id: string | null;
  author_id: string | null;
  subject: string;
  message: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  pinned: Generated<boolean>;
  pinned_at: Timestamp | null;
  reply_count: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  last_activity_at: DefaultedTimestamp;
  deleted_at: Timestamp | null;
}

export interface CommunityCommentsTable {
  id: Generated<string>;
  book_id: string;
  thread_id: string;
  /** '0' for a comment on the thread. */
  parent_id: Generated<string>;
  /** The reply a reply to a reply answers (it is listed under the same comment); else null. */
  reply_to_id: string | null;
  author_id: string | null;
  message: string;
  reply_count: Generated<number>;
  created_at: DefaultedTimestamp;
}

export interface CommunityEventsTable {
  id: Generated<string>;
  book_id: string;
  kind: 'thread.posted' | 'thread.pinned' | 'thread.unpinned' | 'comment.posted';
  thread_id: string;
  comment_id: string | null;
  actor_id: string | null;
  created_at: DefaultedTimestamp;
}

export interface OperationViewsTable {
  user_id: string;
  operation_id: string;
  shown_at: DefaultedTimestamp;
}

/** A message of the message center (issue 14; 0013_create_messages.sql). */
export interface MessagesTable {
  id: Generated<string>;
  user_id: string;
  book_id: string | null;
  kind: string;
  params: ColumnType<Record<string, MessageParam>, string | undefined, string>;
  link: Generated<string>;
  state: ColumnType<'unread' | 'read', 'unread' | 'read' | undefined, 'unread' | 'read'>;
  batch_key: string | null;
  count: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** Kept message counts per (user, book); book_key is coalesce(book_id, 0). */
export interface MessageCountersTable {
  user_id: string;
  book_id: string | null;
  book_key: ColumnType<string, never, never>;
  unread: Generated<string>;
  total: Generated<string>;
}

/** A report of a message, thread or comment for the operator's review. */
export interface ModerationReportsTable {
  id: Generated<string>;
  reporter_id: string;
  target_type: 'message' | 'thread' | 'comment';
  target_id: string;
  reason: string;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  decision: 'keep' | 'remove' | null;
  resolved_at: Date | null;
  created_at: DefaultedTimestamp;
}

export interface FeedbackTable {
  id: Generated<string>;
  user_id: string;
  content: string;
  contact: ColumnType<string, string | undefined, string>;
  created_at: DefaultedTimestamp;
}

/** A book the user stopped from adding them by phone (migration 0019). */
export interface BookAddBlocksTable {
  user_id: Int8;
  book_id: Int8;
  created_at: DefaultedTimestamp;
}

/** The banana-shell ledger (migration 0021, docs/commerce.md). */
export interface LedgerAccountsTable {
  id: Generated<Int8>;
  kind: string;
  owner_id: ColumnType<Int8, Int8 | undefined, never>;
  /** Moved only by the posting trigger (0 on insert). */
  balance: ColumnType<Int8, Int8 | undefined, never>;
  debits: ColumnType<Int8, Int8 | undefined, never>;
  credits: ColumnType<Int8, Int8 | undefined, never>;
  must_not_overdraw: ColumnType<boolean, boolean, never>;
  created_at: DefaultedTimestamp;
}

export interface LedgerEntriesTable {
  id: Generated<Int8>;
  idempotency_key: string;
  kind: string;
  reverses_id: Int8 | null;
  order_no: string | null;
  memo: Generated<string>;
  created_at: DefaultedTimestamp;
}

export interface LedgerPostingsTable {
  entry_id: Int8;
  account_id: Int8;
  amount: Int8;
}

/** Runs of background jobs (migration 0022, platform/jobs). */
export interface JobRunsTable {
  job: string;
  run_key: string;
  status: string;
  owner: string;
  lease_until: Timestamp;
  attempts: Generated<number>;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: Generated<string>;
  /** The moment the run is for (migration 0031); null on runs made before it. */
  run_at: Timestamp | null;
}

/** Commerce (migration 0023, docs/commerce.md): what is sold, what was bought, how it was paid. */
export interface PremiumFeaturesTable {
  feature_code: string;
  name: string;
  name_en: string;
  role_scope: Generated<'all' | 'manager'>;
  billing_type: 'OneOff' | 'PerDay';
  price: Int8;
  position: Generated<number>;
}

export interface PackagesTable {
  combo_id: string;
  name: string;
  name_en: string;
  /** A feature's days, or (capacity_mb) MB of cloud space for days: one of the two (migration 0025). */
  feature_code: string | null;
  capacity_mb: number | null;
  days: number;
  sell_price: Int8;
  original_price: Generated<Int8>;
  position: Generated<number>;
  withdrawn_at: Timestamp | null;
}

export interface ActivitiesTable {
  act_code: string;
  name: string;
  name_en: string;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  rule: Generated<'everyone' | 'new_payer' | 'book_without_feature'>;
  draw_batch: string | null;
  withdrawn_at: Timestamp | null;
}

export interface ActivityPackagesTable {
  act_code: string;
  combo_id: string;
  position: Generated<number>;
}

export interface CouponBatchesTable {
  batch_code: string;
  name: string;
  name_en: string;
  reduce_amount: Int8;
  combo_ids: Generated<string[]>;
  valid_days: number;
  created_at: DefaultedTimestamp;
}

export interface UserCouponsTable {
  id: Generated<Int8>;
  user_id: Int8;
  batch_code: string;
  reduce_amount: Int8;
  combo_ids: Generated<string[]>;
  valid_from: Timestamp;
  valid_until: Timestamp;
  used_at: Timestamp | null;
  used_order_no: string | null;
  source: string;
}

export interface ActivityDrawsTable {
  act_code: string;
  user_id: Int8;
  book_id: Int8 | null;
  eligible: boolean;
  reason: string;
  coupon_id: Int8 | null;
  drawn_at: DefaultedTimestamp;
}

export interface RechargeStairsTable {
  amount: Int8;
  first_bonus: Generated<Int8>;
  corner: Generated<string>;
  corner_en: Generated<string>;
  position: Generated<number>;
}

export type RechargeStatusColumn = 'created' | 'paying' | 'paid' | 'failed' | 'cancelled' | 'refunded';

export interface RechargeOrdersTable {
  id: Generated<Int8>;
  order_no: string;
  user_id: Int8;
  amount: Int8;
  bonus: Generated<Int8>;
  amount_cny: Int8;
  pay_type: number;
  channel: string;
  status: Generated<RechargeStatusColumn>;
  payment_id: string | null;
  cashier_url: string | null;
  purchase_order_no: string | null;
  late_refund: 'pending' | 'refunded' | null;
  failure: Generated<string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  settled_at: Timestamp | null;
}

export interface PaymentEventsTable {
  channel: string;
  event_id: string;
  order_no: string;
  kind: string;
  received_at: DefaultedTimestamp;
}

export interface PurchasingOrdersTable {
  id: Generated<Int8>;
  order_no: string;
  user_id: Int8;
  book_id: Int8;
  kind: 'package' | 'role' | 'space';
  combo_id: string | null;
  feature_code: string | null;
  role_id: Int8 | null;
  member_ids: Generated<Int8[]>;
  sell_price: Int8;
  coupon_id: Int8 | null;
  coupon_reduction: Generated<Int8>;
  price: Int8;
  shortfall: Generated<Int8>;
  status: 'awaiting_recharge' | 'paid' | 'cancelled' | 'refunded';
  recharge_order_no: string | null;
  created_at: DefaultedTimestamp;
  paid_at: Timestamp | null;
}

export interface ServiceOrdersTable {
  id: Generated<Int8>;
  order_no: string;
  book_id: Int8;
  payer_id: Int8;
  kind: 'role' | 'feature';
  role_id: Int8 | null;
  feature_code: string | null;
  billing_type: 'PerDay' | 'PerPersonPerDay';
  price: Int8;
  status: Generated<'running' | 'ended'>;
  started_on: ColumnType<Date, string, string>;
  ended_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface ServiceBillsTable {
  service_order_id: Int8;
  bill_day: ColumnType<Date, string, string>;
  book_id: Int8;
  payer_id: Int8;
  amount: Int8;
  status: 'unpaid' | 'paid';
  paid_by_order: string | null;
  created_at: DefaultedTimestamp;
  paid_at: Timestamp | null;
}

export interface DB {
  messages: MessagesTable;
  message_counters: MessageCountersTable;
  moderation_reports: ModerationReportsTable;
  currency_rates: CurrencyRatesTable;
  transactions: TransactionsTable;
  transaction_day_totals: TransactionDayTotalsTable;
  book_images: BookImagesTable;
  idempotency_keys: IdempotencyKeysTable;
  template_categories: TemplateCategoriesTable;
  book_templates: BookTemplatesTable;
  template_collections: TemplateCollectionsTable;
  template_reviews: TemplateReviewsTable;
  cover_materials: CoverMaterialsTable;
  content_tags: ContentTagsTable;
  user_home_tags: UserHomeTagsTable;
  contents: ContentsTable;
  content_tag_links: ContentTagLinksTable;
  content_collections: ContentCollectionsTable;
  operations: OperationsTable;
  operation_views: OperationViewsTable;
  community_threads: CommunityThreadsTable;
  community_comments: CommunityCommentsTable;
  community_events: CommunityEventsTable;
  books: BooksTable;
  book_users: BookUsersTable;
  book_roles: BookRolesTable;
  book_budgets: BookBudgetsTable;
  budget_alerts: BudgetAlertsTable;
  book_premium_features: BookPremiumFeaturesTable;
  book_invitations: BookInvitationsTable;
  book_member_requests: BookMemberRequestsTable;
  book_categories: BookCategoriesTable;
  book_accounts: BookAccountsTable;
  book_labels: BookLabelsTable;
  book_activities: BookActivitiesTable;
  book_recent_uses: BookRecentUsesTable;
  preferences: PreferencesTable;
  users: UsersTable;
  verify_codes: VerifyCodesTable;
  token_families: TokenFamiliesTable;
  access_tokens: AccessTokensTable;
  refresh_tokens: RefreshTokensTable;
  schema_migrations: SchemaMigrationsTable;
  feedback: FeedbackTable;
  book_add_blocks: BookAddBlocksTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  job_runs: JobRunsTable;
  premium_features: PremiumFeaturesTable;
  packages: PackagesTable;
  activities: ActivitiesTable;
  activity_packages: ActivityPackagesTable;
  coupon_batches: CouponBatchesTable;
  user_coupons: UserCouponsTable;
  activity_draws: ActivityDrawsTable;
  recharge_stairs: RechargeStairsTable;
  recharge_orders: RechargeOrdersTable;
  payment_events: PaymentEventsTable;
  purchasing_orders: PurchasingOrdersTable;
  service_orders: ServiceOrdersTable;
  service_bills: ServiceBillsTable;
  // The offers module (migration 0024, docs/commerce.md "The catalogue").
  operation_space_items: OperationSpaceItemsTable;
  book_space_grants: BookSpaceGrantsTable;
  book_space_shares: BookSpaceSharesTable;
  function_applies: FunctionAppliesTable;
  private_zones: PrivateZonesTable;
  book_zones: BookZonesTable;
  book_migrations: BookMigrationsTable;
  book_migration_keys: BookMigrationKeysTable;
  tracking_events: TrackingEventsTable;
  user_host_identities: UserHostIdentitiesTable;
  book_imports: BookImportsTable;
  book_import_rows: BookImportRowsTable;
  book_import_refs: BookImportRefsTable;
}

/** An operation space's items (migration 0024): the banners of the recharge and cloud pages, by space code. */
export interface OperationSpaceItemsTable {
  space_code: string;
  code: string;
  title: string;
  title_en: string;
  text: Generated<string>;
  text_en: Generated<string>;
  link: Generated<string>;
  position: Generated<number>;
  withdrawn_at: Timestamp | null;
}

/** Cloud space a paid package gave a book (migration 0025). */
export interface BookSpaceGrantsTable {
  id: Generated<Int8>;
  book_id: Int8;
  order_no: string;
  combo_id: string;
  capacity_mb: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  told_ending_at: Timestamp | null;
  told_ended_at: Timestamp | null;
}

/** A book sharing a main book's rented space, and the history of such (migration 0025). */
export interface BookSpaceSharesTable {
  id: Generated<Int8>;
  main_book_id: Int8;
  book_id: Int8;
  status: 'applied' | 'active' | 'rejected' | 'untied';
  applicant_id: Int8;
  decided_by: Int8 | null;
  decided_at: Timestamp | null;
  untied_by: Int8 | null;
  untied_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

/** A user's application for a reviewed function (migration 0025). */
export interface FunctionAppliesTable {
  id: Generated<Int8>;
  user_id: Int8;
  biz_type: string;
  biz_code: string;
  status: 'applied' | 'approved' | 'rejected';
  remark: Generated<string>;
  applied_at: Timestamp;
  decided_at: Timestamp | null;
}

/** A user's private zone (migration 0026, docs/zones.md). */
export interface PrivateZonesTable {
  id: Generated<Int8>;
  user_id: Int8;
  name: string;
  base_url: string;
  secret: string;
  deployed_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** Where a book is when not simply here (migration 0026). */
export interface BookZonesTable {
  book_id: Int8;
  zone_id: Int8;
  state: 'migrating' | 'incoming' | 'remote';
  changed_at: Timestamp;
}

/** A move of a book between zones, on each side under one id (migration 0026). */
export interface BookMigrationsTable {
  id: Int8;
  book_id: Int8;
  zone_id: Int8;
  migration_type: 'public-to-private' | 'private-to-public';
  source: boolean;
  status: 'copying' | 'verifying' | 'cut_over' | 'done' | 'cancelled' | 'failed';
  cursor_table: string | null;
  cursor_key: string | null;
  tables_done: Generated<number>;
  tables_total: Generated<number>;
  rows_copied: Generated<Int8>;
  rows_total: Generated<Int8>;
  images_copied: Generated<number>;
  images_total: Generated<number>;
  abort_pending: Generated<boolean>;
  free_trial: Generated<boolean>;
  charge_entry_id: Int8 | null;
  attempts: Generated<number>;
  error: string | null;
  started_by: Int8 | null;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The keys a receiving side took during a move (migration 0026). */
export interface BookMigrationKeysTable {
  migration_id: Int8;
  table_name: string;
  key: string;
}

/** A behaviour event the collector took (migration 0027, docs/host.md). */
export interface TrackingEventsTable {
  id: Generated<Int8>;
  at: Timestamp;
  host: 'a' | 'b' | 'browser';
  session_id: string;
  event_key: string;
  classification: string | null;
  book_id: Int8 | null;
  platform: string;
  os_version: string;
  product_version: string;
  received_at: Timestamp;
}

/** Which CAB user a partner host's user is (migration 0028, docs/host.md). */
export interface UserHostIdentitiesTable {
  host: 'a' | 'b';
  host_user_id: string;
  user_id: Int8;
  created_at: Timestamp;
}

/** An import of a file (migration 0030, docs/imports.md). */
export interface BookImportsTable {
  id: Generated<Int8>;
  book_id: Int8;
  user_id: Int8;
  source: string;
  file_name: string;
  file_key: string | null;
  file_size: Int8;
  options: ColumnType<unknown, string | undefined, string>;
  protected: Generated<boolean>;
  status: 'columns' | 'reading' | 'ready' | 'committing' | 'done' | 'failed' | 'cancelled';
  rows_read: Generated<number>;
  rows_skipped: Generated<number>;
  rows_problem: Generated<number>;
  rows_duplicate: Generated<number>;
  choices: ColumnType<unknown, string | null | undefined, string | null>;
  recorded: Generated<number>;
  error_key: string | null;
  error_params: ColumnType<unknown, string | null | undefined, string | null>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A row of an import's file as read (migration 0030). */
export interface BookImportRowsTable {
  book_id: Int8;
  import_id: Int8;
  line: number;
  kind: 'row' | 'skip' | 'problem';
  data: ColumnType<unknown, string, string>;
  transaction_time: Timestamp | null;
  amount_minor: Int8 | null;
  external_id: string | null;
  duplicate: 'ref' | 'match' | 'file' | null;
  duplicate_of: Int8 | null;
}

/** A provider's trade id recorded in a book (migration 0030). */
export interface BookImportRefsTable {
  book_id: Int8;
  source: string;
  external_id: string;
  transaction_id: Int8;
}
