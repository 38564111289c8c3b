import { SEARCH_ALL_YEARS, STATISTICS_LIMITS, type SearchTag } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { flowBody, hasCriteria, keywordFilter, parseSearch, searchParams, searchQuery, summaryBody, tagRef, yearFilter } from './query.ts';

const tag = (group_key: SearchTag['group_key'], group_id = '5'): SearchTag => ({
  group_key,
  group_name: '',
  group_id,
  label: 'x',
  count: 1,
});

describe('search queries', () => {
  it('filters the keyword as typed: no control characters, at most keywordMax', () => {
    expect(keywordFilter('午\u0000饭\n')).toBe('午饭');
    expect(keywordFilter('a'.repeat(80))).toHaveLength(STATISTICS_LIMITS.keywordMax);
  });

  it('sends the keyword trimmed, and none when empty', () => {
    expect(searchQuery({ keyword: '  午饭 ', year: SEARCH_ALL_YEARS })).toEqual({ keyword: '午饭' });
    expect(searchQuery({ keyword: '   ', year: SEARCH_ALL_YEARS })).toEqual({});
  });

  it('turns a tag into the filter of its dimension', () => {
    const q = (t: SearchTag) => searchQuery({ keyword: '', year: SEARCH_ALL_YEARS, tag: tagRef(t)! });
    expect(q(tag('CATEGORY_SECOND'))).toEqual({ category_ids: ['5'] });
    expect(q(tag('CATEGORY_FIRST'))).toEqual({ category_ids: ['5'] });
    expect(q(tag('ACCOUNT'))).toEqual({ account_ids: ['5'] });
    expect(q(tag('MEMBER', '0'))).toEqual({ member_ids: ['0'] });
    expect(q(tag('MERCHANT'))).toEqual({ merchant_ids: ['5'] });
    expect(q(tag('PROJECT'))).toEqual({ project_ids: ['5'] });
    expect(q(tag('RECORDER'))).toEqual({ recorder_ids: ['5'] });
    expect(tagRef(tag('TIME_YEAR'))).toBeUndefined();
  });

  it('combines the keyword with a tag', () => {
    const ref = tagRef(tag('ACCOUNT'))!;
    expect(searchQuery({ keyword: '午饭', year: SEARCH_ALL_YEARS, tag: ref })).toEqual({ keyword: '午饭', account_ids: ['5'] });
  });

  it('makes a year the TIME_YEAR group filter, and every year no filter', () => {
    expect(yearFilter(SEARCH_ALL_YEARS)).toBeUndefined();
    expect(yearFilter(2026)).toEqual({ group_key: 'TIME_YEAR', group_id: '2026' });
    expect(summaryBody({ keyword: '午饭', year: 2026 })).toEqual({
      query: { keyword: '午饭' },
      group_filter: { group_key: 'TIME_YEAR', group_id: '2026' },
    });
    expect(summaryBody({ keyword: '午饭', year: SEARCH_ALL_YEARS })).toEqual({ query: { keyword: '午饭' } });
    expect(flowBody({ keyword: '午饭', year: 2025 })).toMatchObject({
      query: { keyword: '午饭' },
      group_filter: { group_key: 'TIME_YEAR', group_id: '2025' },
      extend: { scene: 'Search' },
      page: { page_size: expect.any(Number) as number },
    });
  });

  it('reads a search back from the address it was written to', () => {
    const s = { keyword: '午饭', year: 2025, tag: { groupKey: 'MEMBER' as const, groupId: '107', label: '爸爸' } };
    const p = searchParams('2', s);
    expect(p.get('bookId')).toBe('2');
    expect(parseSearch(p)).toEqual(s);
  });

  it('reads a bad address as every year and no tag', () => {
    const s = parseSearch(new URLSearchParams('keyword=a&year=abc&groupKey=NOPE&groupId=1'));
    expect(s).toEqual({ keyword: 'a', year: SEARCH_ALL_YEARS });
    expect(parseSearch(new URLSearchParams('year=99999')).year).toBe(SEARCH_ALL_YEARS);
    expect(hasCriteria(parseSearch(new URLSearchParams('year=2025')))).toBe(false);
    expect(hasCriteria(parseSearch(new URLSearchParams('groupKey=ACCOUNT&groupId=3')))).toBe(true);
  });
});
