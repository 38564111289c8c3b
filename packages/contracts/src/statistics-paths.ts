/** The statistics area's paths (SPEC 7), and our own search across the caller's books. */
export const STATISTICS_PATHS = {
  summaries: '/cab-query-ws/v2/statistics/summaries',
  rollupGroups: '/cab-query-ws/v2/statistics/rollup-groups',
  groups: '/cab-query-ws/v2/statistics/groups',
  transactions: '/cab-query-ws/v2/statistics/transactions',
  searchTags: '/cab-query-ws/v2/search/tags',
  /** Our own: a keyword over every book of the caller (global and my-book search). */
  searchBooks: '/cab-query-ws/v2/search/books',
} as const;
