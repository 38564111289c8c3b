import type { Place, RecordTab, Transaction } from '@cab/contracts/client';
import { create } from 'zustand';
import type { Choice, PickField, Selection } from './form.ts';
import { moneyToTyped } from './keypad.ts';

/** An image of the form: a local file being uploaded, or an uploaded one (its id and URL). */
export interface DraftImage {
  key: string;
  status: 'uploading' | 'done' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  id?: string;
  /** The server's URL (members only: fetched with the token). */
  url?: string;
  /** An object URL of the local file, shown until the page is left. */
  localUrl?: string;
  /** Kept to retry a failed upload. */
  file?: Blob;
}

/**
 * The form being recorded, kept while the user visits a search page or the image
 * preview and comes back (pick returns with the choice). A visit is one history
 * entry of the accounting page (`visitKey`, the router's location key): coming back
 * to it keeps the form, any other opening starts afresh.
 */
export interface DraftState {
  bookId: string;
  visitKey: string;
  /** An edit's transaction (or nothing to load) is in the form. */
  loaded: boolean;
  /** The transaction being edited, or undefined for a new one. */
  editId: string | undefined;
  tab: RecordTab;
  /** Choices the user made (or an edit loaded), per tab; the rest come from the defaults. */
  picks: Record<RecordTab, Selection>;
  amount: string;
  toAmount: string;
  /** The amount toggle: the keypad edits the amount received of a transfer between two currencies. */
  editingTo: boolean;
  time: number;
  remark: string;
  images: DraftImage[];
  /** Where it was made (choose-location), or none. */
  place: Place | null;
  reset: (bookId: string, visitKey: string, loaded: boolean, now?: number) => void;
  load: (bookId: string, t: Transaction, tab: RecordTab, selection: Selection) => void;
  setTab: (tab: RecordTab) => void;
  choose: (field: PickField, choice: Choice, tab?: RecordTab) => void;
  setAmount: (amount: string) => void;
  toggleAmount: (to?: boolean) => void;
  set: (patch: Partial<Pick<DraftState, 'time' | 'remark' | 'amount' | 'toAmount' | 'place'>>) => void;
  /** Save and again: keeps the type, the choices, the date and the place (the next record is often made there too); clears amount, remark and images. */
  again: (frozen: Selection) => void;
  addImages: (images: DraftImage[]) => void;
  updateImage: (key: string, patch: Partial<DraftImage>) => void;
  removeImage: (key: string) => void;
}

const emptyPicks = (): Record<RecordTab, Selection> => ({ Expense: {}, Income: {}, Transfer: {}, Balance: {} });

function revoke(images: DraftImage[]) {
  for (const i of images) if (i.localUrl) URL.revokeObjectURL(i.localUrl);
}

export const useDraft = create<DraftState>()((set, get) => ({
  bookId: '',
  visitKey: '',
  loaded: false,
  editId: undefined,
  tab: 'Expense',
  picks: emptyPicks(),
  amount: '',
  toAmount: '',
  editingTo: false,
  time: Date.now(),
  remark: '',
  images: [],
  place: null,
  reset: (bookId, visitKey, loaded, now = Date.now()) => {
    revoke(get().images);
    set({
      bookId,
      visitKey,
      loaded,
      editId: undefined,
      tab: 'Expense',
      picks: emptyPicks(),
      amount: '',
      toAmount: '',
      editingTo: false,
      time: now,
      remark: '',
      images: [],
      place: null,
    });
  },
  load: (bookId, t, tab, selection) => {
    revoke(get().images);
    const transfer = tab === 'Transfer';
    set({
      bookId,
      loaded: true,
      editId: t.business_type === 'Template' ? undefined : t.id,
      tab,
      picks: { ...emptyPicks(), [tab]: selection },
      amount: t.business_type === 'Template' && t.amount === '0.00' ? '' : moneyToTyped(transfer ? (t.from_amount ?? t.amount) : t.amount),
      toAmount: transfer && t.to_amount && t.to_amount !== t.from_amount ? moneyToTyped(t.to_amount) : '',
      editingTo: false,
      time: t.business_type === 'Template' ? get().time : t.transaction_time,
      remark: t.remark,
      images: t.images.map((i) => ({ key: `img-${i.id}`, status: 'done', progress: 1, id: i.id, url: i.url })),
      // A template is a form to record from elsewhere: the place stays the form's own.
      place: t.business_type === 'Template' ? get().place : (t.place ?? null),
    });
  },
  setTab: (tab) => set({ tab, editingTo: false }),
  choose: (field, choice, tab) => {
    const target = tab ?? get().tab;
    set((s) => ({ picks: { ...s.picks, [target]: { ...s.picks[target], [field]: choice } } }));
  },
  setAmount: (amount) => set((s) => (s.editingTo ? { toAmount: amount } : { amount })),
  toggleAmount: (to) => set((s) => ({ editingTo: to ?? !s.editingTo })),
  set: (patch) => set(patch),
  again: (frozen) => {
    revoke(get().images);
    set((s) => ({ picks: { ...s.picks, [s.tab]: frozen }, amount: '', toAmount: '', editingTo: false, remark: '', images: [] }));
  },
  addImages: (images) => set((s) => ({ images: [...s.images, ...images] })),
  updateImage: (key, patch) => set((s) => ({ images: s.images.map((i) => (i.key === key ? { ...i, ...patch } : i)) })),
  removeImage: (key) => {
    const gone = get().images.filter((i) => i.key === key);
    revoke(gone);
    set((s) => ({ images: s.images.filter((i) => i.key !== key) }));
  },
}));
