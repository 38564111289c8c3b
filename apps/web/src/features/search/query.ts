import {
  DIMENSION_GROUP_KEYS,
  SEARCH_ALL_YEARS,
  STATISTICS_LIMITS,
  stripControlChars,
  type DimensionGroupKey,
  type GroupFilter,
  type SearchTag,
  type StatisticsQuery,
  type SummariesRequest,
  type TransactionsRequest,
} from '@cab/contracts/client';
import { clip } from '../../app/form.tsx';

/** A search of one book: a keyword, a year (or every year) and a tag it may start from. */
export interface BookSearch {
  keyword: string;
  year: number;
  tag?: SearchTagRef;
}
export interface SearchTagRef {
  groupKey: DimensionGroupKey;
  groupId: string;
  label: string;
}

/** What the keyword input takes: no control characters, at most keywordMax (docs/ui.md: filter as typed). */
export const keywordFilter = (raw: string): string => clip(STATISTICS_LIMITS.keywordMax)(stripControlChars(raw));

const isDimension = (k: string | null): k is DimensionGroupKey => (DIMENSION_GROUP_KEYS as readonly string[]).includes(k ?? '');

/** The filter list a tag's group narrows: a second-level category by its id, an account among the accounts moved, ... */
const TAG_FIELD: Record<DimensionGroupKey, keyof StatisticsQuery> = {
  CATEGORY_FIRST: 'category_ids',
  CATEGORY_SECOND: 'category_ids',
  ACCOUNT: 'account_ids',
  MEMBER: 'member_ids',
  MERCHANT: 'merchant_ids',
  PROJECT: 'project_ids',
  RECORDER: 'recorder_ids',
};

export const tagRef = (t: SearchTag): SearchTagRef | undefined =>
  isDimension(t.group_key) ? { groupKey: t.group_key, groupId: t.group_id, label: t.label } : undefined;

/** The query every call of a search sends: the keyword (when there is one) and the tag's filter. */
export function searchQuery(s: BookSearch): StatisticsQuery {
  const q: StatisticsQuery = {};
  const keyword = keywordFilter(s.keyword).trim();
  if (keyword) q.keyword = keyword;
  if (s.tag) Object.assign(q, { [TAG_FIELD[s.tag.groupKey]]: [s.tag.groupId] });
  return q;
}

/** A year is the TIME_YEAR group, so it follows the book's month start (docs/statistics.md). */
export function yearFilter(year: number): GroupFilter | undefined {
  return year === SEARCH_ALL_YEARS ? undefined : { group_key: 'TIME_YEAR', group_id: String(year) };
}

export function summaryBody(s: BookSearch): SummariesRequest {
  const filter = yearFilter(s.year);
  return { query: searchQuery(s), ...(filter ? { group_filter: filter } : {}) };
}

/** Rows a page: enough to fill a phone screen twice, small enough to come quickly. */
export const SEARCH_PAGE_SIZE = 30;

export function flowBody(s: BookSearch): TransactionsRequest {
  return { ...summaryBody(s), extend: { scene: 'Search' }, page: { page_size: SEARCH_PAGE_SIZE } };
}

const validYear = (raw: string | null): number => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1970 && n <= 2999 ? n : SEARCH_ALL_YEARS;
};

/** A search as the results page's address holds it (keyword, year, groupKey, groupId, label). */
export function parseSearch(params: URLSearchParams): BookSearch {
  const groupKey = params.get('groupKey');
  const groupId = params.get('groupId');
  const tag = isDimension(groupKey) && groupId ? { groupKey, groupId, label: params.get('label') ?? '' } : undefined;
  return { keyword: keywordFilter(params.get('keyword') ?? ''), year: validYear(params.get('year')), ...(tag ? { tag } : {}) };
}

/** The address parameters of a search, the inverse of parseSearch. */
export function searchParams(bookId: string, s: BookSearch): URLSearchParams {
  const p = new URLSearchParams({ bookId });
  if (s.keyword.trim()) p.set('keyword', s.keyword.trim());
  p.set('year', String(s.year));
  if (s.tag) {
    p.set('groupKey', s.tag.groupKey);
    p.set('groupId', s.tag.groupId);
    p.set('label', s.tag.label);
  }
  return p;
}

export const searchDetailPath = (bookId: string, s: BookSearch) => `/flow/pages/search-flow-detail?${searchParams(bookId, s).toString()}`;

/** A search with something to look for: a keyword or a tag. */
export const hasCriteria = (s: BookSearch): boolean => Boolean(s.keyword.trim() || s.tag);
