import { STATISTICS_LIMITS, type SearchTagsRequest } from '@cab/contracts/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { transactionKeys } from '../accounting/queries.ts';
import { openBook } from '../books/mutations.ts';
import { statisticsQueries } from '../flows/api.ts';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import { needsTags, useSearchStore } from '../../stores/search.ts';
import { useUserStore } from '../../stores/user.ts';

/** The tags a search starts from: the most used items of the whole book. */
export const TAGS_BODY: SearchTagsRequest = { limit: STATISTICS_LIMITS.tagsPerGroupDefault };

/**
 * The book's group tags from the search store; asked for only when none are cached or
 * when the user refreshes them (SPEC 3). The query stays switched off while tags are
 * cached, so recording does not refetch them either.
 */
export function useSearchTags(bookId: string) {
  const cached = useSearchStore((s) => s.tags[bookId]);
  const setTags = useSearchStore((s) => s.setTags);
  const fetchNow = needsTags(cached);
  const q = useQuery({ ...statisticsQueries.tags(bookId, TAGS_BODY), enabled: Boolean(bookId) && fetchNow });
  useEffect(() => {
    if (q.data && q.isFetchedAfterMount) setTags(bookId, q.data);
  }, [bookId, q.data, q.isFetchedAfterMount, setTags]);
  const tags = cached?.length ? cached : q.data;
  return {
    tags,
    isPending: !tags && q.isPending,
    isError: !tags && q.isError,
    refreshing: q.isFetching,
    refresh: () => void q.refetch(),
  };
}

/** The signed-in user's keyword history and what changes it. */
export function useHistory() {
  const userId = useUserStore((s) => s.user?.userid ?? '');
  const list = useSearchStore((s) => s.history[userId]);
  return {
    list: list ?? [],
    remember: (k: string) => {
      if (userId) useSearchStore.getState().remember(userId, k);
    },
    clear: () => {
      if (userId) useSearchStore.getState().clearHistory(userId);
    },
  };
}

/**
 * Opens a record in the accounting form. The form edits in the current book, so a
 * record of another book makes that book current first (SPEC 4, opening a book). The
 * searches across books are marked stale, so coming back shows the edit.
 */
export function useOpenTransaction() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const busy = useRef(false);
  return (bookId: string, transactionId: string) => {
    if (busy.current) return;
    busy.current = true;
    const switching = effectiveBookId(useBookStore.getState().bookId) !== bookId;
    void (switching ? openBook(qc, bookId) : Promise.resolve())
      .then(() => {
        void qc.invalidateQueries({ queryKey: [...transactionKeys.all, 'across-books'], refetchType: 'none' });
        navigate(`/subPackages/accounting/index?id=${encodeURIComponent(transactionId)}`);
      })
      .catch(() => undefined) // the request wrapper has shown why
      .finally(() => (busy.current = false));
  };
}

/**
 * The keyword being typed, starting from the searched one; when back or forward
 * changes the search in the address, the input follows it.
 */
export function useKeywordInput(searched: string) {
  const [keyword, setKeyword] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setKeyword(searched);
  }
  return [keyword, setKeyword] as const;
}
