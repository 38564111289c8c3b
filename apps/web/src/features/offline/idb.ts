/**
 * The few IndexedDB calls the outbox needs, as promises: one database, one store of
 * pending writes keyed by id. Written here rather than taken from a library: four
 * operations do not need one, and each kilobyte counts on the recording screen.
 */
const DB_NAME = 'cab-offline';
const STORE = 'outbox';

let opened: Promise<IDBDatabase> | undefined;

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => {
      const db = req.result;
      // Another page (or a test) upgrading or deleting the database: this connection steps aside.
      db.onversionchange = () => {
        db.close();
        opened = undefined;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('indexedDB open failed'));
  }).catch((err: unknown) => {
    // A refused open (private mode of some browsers) is tried again next time.
    opened = undefined;
    throw err;
  });
  return opened;
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(STORE, mode).objectStore(STORE);
}

export const idb = {
  all: async <T>(): Promise<T[]> => done((await store('readonly')).getAll() as IDBRequest<T[]>),
  put: async <T>(value: T): Promise<void> => void (await done((await store('readwrite')).put(value))),
  remove: async (id: string): Promise<void> => void (await done((await store('readwrite')).delete(id))),
  /** Tests start from an empty outbox. */
  reset: async (): Promise<void> => void (await done((await store('readwrite')).clear())),
};
