import type { RecordTab } from '@cab/contracts/client';
import { STORAGE_KEYS } from '../../stores/storage-keys.ts';
import { useUserStore } from '../../stores/user.ts';
import { cleanPlace } from '../places/place.ts';
import { useDraft, type DraftImage, type DraftState } from './draft.ts';
import type { Selection } from './form.ts';

/**
 * A new record's draft survives a reload, a back and a closed tab (docs/accounting.md,
 * Drafts): while a new record has an amount, a remark, an image or a place, the form is kept in
 * local storage per user and book, and the next new record of that book starts from
 * it, saying so, with a way to drop it. Saving (or dropping it) forgets it. Edits of
 * stored records are not kept: the record itself is still there to open again.
 */
interface StoredDraft {
  v: 1;
  tab: RecordTab;
  picks: Record<RecordTab, Selection>;
  amount: string;
  toAmount: string;
  remark: string;
  /** Only when the user chose it; otherwise a restored draft takes the time of its opening. */
  time?: number;
  images: Array<Pick<DraftImage, 'key' | 'id' | 'url'>>;
  /** The chosen place (absent in drafts kept before places, and when none was chosen). */
  place?: unknown;
  savedAt: number;
}

const TABS: readonly RecordTab[] = ['Expense', 'Income', 'Transfer', 'Balance'];

function keyOf(bookId: string): string | undefined {
  const user = useUserStore.getState().user?.userid;
  return user && bookId ? `${STORAGE_KEYS.recordDraft}.${user}.${bookId}` : undefined;
}

/** Worth keeping: something the user typed or added, not only the defaults. */
export const isHalfFilled = (
  d: Pick<DraftState, 'amount' | 'toAmount' | 'remark' | 'images'> & Partial<Pick<DraftState, 'place'>>,
): boolean =>
  d.amount !== '' || d.toAmount !== '' || d.remark.trim() !== '' || d.images.some((i) => i.status === 'done') || Boolean(d.place);

export function readDraft(bookId: string): StoredDraft | undefined {
  const key = keyOf(bookId);
  try {
    const raw = key ? localStorage.getItem(key) : null;
    const v = raw ? (JSON.parse(raw) as Partial<StoredDraft>) : undefined;
    if (!v || v.v !== 1 || !TABS.includes(v.tab as RecordTab) || typeof v.amount !== 'string' || typeof v.remark !== 'string')
      return undefined;
    return v as StoredDraft;
  } catch {
    return undefined;
  }
}

export function forgetDraft(bookId: string): void {
  const key = keyOf(bookId);
  try {
    if (key) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

function keep(bookId: string, d: DraftState, chosenTime: boolean): void {
  const key = keyOf(bookId);
  if (!key) return;
  const stored: StoredDraft = {
    v: 1,
    tab: d.tab,
    picks: d.picks,
    amount: d.amount,
    toAmount: d.toAmount,
    remark: d.remark,
    ...(chosenTime ? { time: d.time } : {}),
    // Uploaded images only: a file still uploading cannot outlive the page.
    images: d.images.flatMap((i) => (i.status === 'done' && i.id ? [{ key: i.key, id: i.id, url: i.url }] : [])),
    ...(d.place ? { place: d.place } : {}),
    savedAt: Date.now(),
  };
  try {
    localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // A full or blocked storage only loses the draft, as before.
  }
}

/** Lays a kept draft over the fresh form of a new record; answers whether there was one. */
export function restoreDraft(bookId: string): boolean {
  const saved = readDraft(bookId);
  if (!saved) return false;
  const images: DraftImage[] = saved.images.map((i) => ({ key: i.key, status: 'done', progress: 1, id: i.id, url: i.url }));
  useDraft.setState((s) => ({
    tab: saved.tab,
    picks: { ...s.picks, ...saved.picks },
    amount: saved.amount,
    toAmount: saved.toAmount ?? '',
    remark: saved.remark,
    time: saved.time ?? s.time,
    images,
    // Storage is the device's: a place read back is checked as one from a host is.
    place: cleanPlace(saved.place) ?? null,
  }));
  return true;
}

/** The time a visit's form opened with: a draft keeps its time only when the user chose another. */
let opened: { visitKey: string; time: number } | undefined;

/** Called when a visit's form starts afresh (before a draft is restored into it). */
export function markOpened(): void {
  const s = useDraft.getState();
  opened = { visitKey: s.visitKey, time: s.time };
}

/**
 * Keeps the form of a new record in local storage as it changes (a change of visit or
 * book is not a change of the user's). Answers the function that stops keeping.
 */
export function keepDrafts(): () => void {
  return useDraft.subscribe((s, prev) => {
    if (s.visitKey !== prev.visitKey || s.bookId !== prev.bookId) return;
    if (!s.visitKey || !s.bookId || s.editId || !s.loaded) return;
    const chosenTime = opened?.visitKey === s.visitKey && s.time !== opened.time;
    if (isHalfFilled(s)) keep(s.bookId, s, chosenTime);
    else forgetDraft(s.bookId);
  });
}
