/** SPEC 9: what the host code keeps is kept 6 hours unless it says otherwise (the signature 23 h, the host's user 1 h). */
export const DEFAULT_KEEP_MS = 6 * 3_600_000;
export const SIGNATURE_KEEP_MS = 23 * 3_600_000;
export const HOST_USER_KEEP_MS = 3_600_000;

interface Kept<T> {
  value: T;
  until: number;
}

const storageKey = (key: string) => `cab.host.${key}`;

/** A kept value still alive, else undefined (a broken or expired entry is dropped). */
export function readKept<T>(key: string, now = Date.now()): T | undefined {
  try {
    const raw = localStorage.getItem(storageKey(key));
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as Partial<Kept<T>>;
    if (typeof kept.until === 'number' && kept.until > now && kept.value !== undefined) return kept.value;
  } catch {
    // storage refused or an entry of another version: as if nothing were kept
  }
  forget(key);
  return undefined;
}

export function keep<T>(key: string, value: T, forMs = DEFAULT_KEEP_MS, now = Date.now()): void {
  try {
    localStorage.setItem(storageKey(key), JSON.stringify({ value, until: now + forMs } satisfies Kept<T>));
  } catch {
    // a full or refused storage only costs a fetch next time
  }
}

export function forget(key: string): void {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // nothing to forget
  }
}

/** The kept value, or a fresh one loaded and kept. */
export async function keptOr<T>(key: string, load: () => Promise<T>, forMs = DEFAULT_KEEP_MS): Promise<T> {
  const kept = readKept<T>(key);
  if (kept !== undefined) return kept;
  const value = await load();
  keep(key, value, forMs);
  return value;
}
