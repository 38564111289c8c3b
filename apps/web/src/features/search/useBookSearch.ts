import type { SearchTag } from '@cab/contracts/client';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { useCurrentBookId } from '../accounting/queries.ts';
import { selectYear, useSearchStore } from '../../stores/search.ts';
import { useHistory } from './hooks.ts';
import { parseSearch, searchParams, tagRef, type BookSearch } from './query.ts';

/**
 * A search of one book whose address holds it (keyword, year, tag), so back and
 * a deep link show the same results. The book is `?bookId=`, or the current one.
 */
export function useBookSearch() {
  const [params, setParams] = useSearchParams();
  const current = useCurrentBookId();
  const bookId = params.get('bookId') || current;
  const parsed = parseSearch(params);
  const storedYear = useSearchStore(selectYear(bookId));
  const search: BookSearch = params.has('year') ? parsed : { ...parsed, year: storedYear };
  const history = useHistory();

  const setYear = (year: number, replace = true) => {
    useSearchStore.getState().setYear(bookId, year);
    if (params.has('year')) setParams(searchParams(bookId, { ...search, year }), { replace });
  };
  /** The search for a keyword (recorded in the history) or a tag, with the keyword typed so far. */
  const forKeyword = (keyword: string): BookSearch => {
    history.remember(keyword);
    return { keyword, year: search.year };
  };
  const forTag = (tag: SearchTag, typed: string): BookSearch => {
    const ref = tagRef(tag);
    // With nothing typed the tag's name is what was looked for, and what the history keeps.
    history.remember(typed.trim() || tag.label);
    return { keyword: typed.trim(), year: search.year, ...(ref ? { tag: ref } : {}) };
  };
  return { bookId, search, setParams, setYear, forKeyword, forTag, remember: history.remember };
}
