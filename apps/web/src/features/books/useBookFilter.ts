import type { Book } from '@cab/contracts/client';
import { useMemo, useState } from 'react';
import { isOwned } from './queries.ts';

export type BookFilter = 'all' | 'owned' | 'joined';

/** Search by name and the owned/joined split (SPEC 3: by the owner role). */
export function useBookFilter(books: Book[] | undefined) {
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<BookFilter>('all');
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (books ?? []).filter(
      (b) =>
        (filter === 'all' || (filter === 'owned') === isOwned(b)) &&
        (!k || b.name.toLowerCase().includes(k) || b.remark.toLowerCase().includes(k)),
    );
  }, [books, keyword, filter]);
  return { keyword, setKeyword, filter, setFilter, shown };
}
