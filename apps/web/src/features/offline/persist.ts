import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What the recording screen and the flow need to draw without a network, kept on the
 * phone: the book, the book list, and each book's pickers (categories, accounts,
 * members, merchants, projects, recently used). Written as the app fetches them, read
 * back only when the app starts offline (docs/offline.md), so an online start never
 * shows an old list first. localStorage, not IndexedDB: a few dozen kilobytes, read
 * synchronously before the first screen.
 */
const KEY = 'cab.offlineQueries';
/** At most this many characters kept (about 1 MB): the oldest entries go first. */
const MAX_CHARS = 1_000_000;

interface Entry {
  key: QueryKey;
  data: unknown;
  at: number;
}

/** The queries kept: books, and the pickers of the recording screen (scene Accounting) with their recently used items. */
export function isKept(key: QueryKey): boolean {
  const [area, a, b, c, d] = key as unknown[];
  if (area === 'books') return a === 'list' || a === 'one';
  if (area !== 'dimensions' || typeof a !== 'string') return false;
  return (c === 'list' && d === 'Accounting') || c === 'recent' || (b === 'accounts' && c === 'list');
}

function read(storage: Storage): Entry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Entry[]) : [];
  } catch {
    return [];
  }
}

/** Puts the kept answers into the cache, with the time they were fetched (so they count as old once online). */
export function restoreQueries(qc: QueryClient, storage: Storage = localStorage): number {
  const entries = read(storage);
  for (const e of entries) if (qc.getQueryData(e.key) === undefined) qc.setQueryData(e.key, e.data, { updatedAt: e.at });
  return entries.length;
}

/** Keeps every kept query's answer as it arrives (written a moment later, together). */
export function persistQueries(qc: QueryClient, storage: Storage = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const byKey = new Map(read(storage).map((e) => [JSON.stringify(e.key), e]));
    for (const q of qc.getQueryCache().getAll())
      if (isKept(q.queryKey) && q.state.data !== undefined && q.state.status === 'success')
        byKey.set(q.queryHash, { key: q.queryKey, data: q.state.data, at: q.state.dataUpdatedAt });
    const entries = [...byKey.values()].sort((a, b) => b.at - a.at);
    let text = JSON.stringify(entries);
    while (text.length > MAX_CHARS && entries.length) {
      entries.pop();
      text = JSON.stringify(entries);
    }
    try {
      storage.setItem(KEY, text);
    } catch {
      // A full storage: the pickers are fetched online as before.
    }
  };
  // What was fetched before this started (the first screen's lists) is kept too.
  timer = setTimeout(write, 1000);
  return qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKept(event.query.queryKey)) return;
    timer ??= setTimeout(write, 1000);
  });
}
