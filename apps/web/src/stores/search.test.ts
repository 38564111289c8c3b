import { SEARCH_ALL_YEARS, SEARCH_HISTORY_MAX, type SearchTag } from '@cab/contracts/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { needsTags, selectHistory, selectYear, useSearchStore, withKeyword } from './search.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const tag: SearchTag = { group_key: 'ACCOUNT', group_name: '账户', group_id: '101', label: '现金', count: 3 };
const store = () => useSearchStore.getState();

describe('the search store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSearchStore.setState({ history: {}, years: {}, tags: {} });
  });

  it('keeps the history newest first, each keyword once, trimmed, at most SEARCH_HISTORY_MAX', () => {
    store().remember('7', '午饭');
    store().remember('7', '超市');
    store().remember('7', '  午饭 ');
    expect(selectHistory('7')(store())).toEqual(['午饭', '超市']);
    for (let i = 0; i < 15; i++) store().remember('7', `k${i}`);
    const list = selectHistory('7')(store());
    expect(list).toHaveLength(SEARCH_HISTORY_MAX);
    expect(list[0]).toBe('k14');
    expect(list).not.toContain('午饭');
  });

  it('ignores an empty keyword', () => {
    expect(withKeyword(['a'], '   ')).toEqual(['a']);
  });

  it('keeps each user their own history, and clears one user only', () => {
    store().remember('7', '午饭');
    store().remember('8', '房租');
    expect(selectHistory('7')(store())).toEqual(['午饭']);
    expect(selectHistory('8')(store())).toEqual(['房租']);
    store().clearHistory('7');
    expect(selectHistory('7')(store())).toEqual([]);
    expect(selectHistory('8')(store())).toEqual(['房租']);
  });

  it('keeps the history on the device, and nothing else', () => {
    store().remember('7', '午饭');
    store().setYear('1', 2025);
    store().setTags('1', [tag]);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.search) ?? '{}') as { state: object };
    expect(saved.state).toEqual({ history: { '7': ['午饭'] } });
  });

  it('has a year per book, every year by default', () => {
    expect(selectYear('1')(store())).toBe(SEARCH_ALL_YEARS);
    store().setYear('1', 2025);
    expect(selectYear('1')(store())).toBe(2025);
    expect(selectYear('2')(store())).toBe(SEARCH_ALL_YEARS);
  });

  it('asks for tags only when none are cached, or when forced', () => {
    expect(needsTags(undefined)).toBe(true);
    expect(needsTags([])).toBe(true);
    expect(needsTags([tag])).toBe(false);
    expect(needsTags([tag], true)).toBe(true);
  });
});
