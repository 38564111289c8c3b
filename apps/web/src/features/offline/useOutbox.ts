import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxItem } from './outbox.ts';

/**
 * The outbox as screens show it: the book's writes that wait, read again at each change.
 * The outbox's code (IndexedDB) loads after the screen is drawn, not with it.
 */
export function useOutbox(bookId: string): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void import('./outbox.ts')
      .then((m) => {
        const read = () =>
          void m.outboxItems(bookId).then(
            (list) => live && setItems(list),
            () => undefined,
          );
        if (live) stop = m.onOutboxChange(read);
        read();
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop();
    };
  }, [bookId]);
  return items;
}

const subscribe = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};

/** Whether the phone says it has a network (navigator.onLine: false is certain, true is a hope). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
