import { EMPTY_ITEM_ID, type RecordTab, type Transaction } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/hash-router.tsx';
import { useSubmitGuard } from '../../app/form.tsx';
import { showToast } from '../../app/toast.ts';
import { useTranslation } from '../../i18n/index.ts';
import { askForPlace, takePickedPlace } from '../places/handoff.ts';
import { openLocationPath, type Place } from '../places/place.ts';
import { useDraft } from './draft.ts';
import { forgetDraft, keepDrafts, markOpened, restoreDraft } from './draft-storage.ts';
import {
  CREATE_PATH,
  LABEL_FIELDS,
  buildBody,
  changedFields,
  resolveSelection,
  selectionOf,
  tabOf,
  templateBody,
  validate,
  type FormErrors,
  type FormValues,
  type Selection,
} from './form.ts';
import { idempotencyKeys, isLocalId, useDeleteTransactions, useSaveTemplate, useSaveTransaction } from './mutations.ts';
import { accountingQueries } from './queries.ts';
import { savedText } from './saved-text.ts';
import type { useRecording } from './useRecording.ts';
import '../../i18n/accounting.ts';

/** An account choice carries its currency and type, also when it came from a stored record (which names the account only). */
function withAccountInfo(sel: Selection, accounts: ReturnType<typeof useRecording>['accounts']): Selection {
  const out = { ...sel };
  for (const f of ['account', 'from', 'to'] as const) {
    const c = out[f];
    const a = c && accounts.find((x) => x.id === c.id);
    if (c && a) out[f] = { ...c, currency: a.currency, type: a.type };
  }
  return out;
}

/**
 * The form's life: starting afresh or keeping the form when coming back from a search
 * page or the preview, loading a record to edit (`?id=`), checking, saving (once per
 * tap, with an Idempotency-Key per attempt), save-and-again, templates and deleting.
 */
export function useRecordForm(bookId: string, editParam: string | null, data: ReturnType<typeof useRecording> | undefined) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const draft = useDraft();
  const guard = useSubmitGuard();
  const keys = useRef(idempotencyKeys());
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveTransaction();
  const saveTemplate = useSaveTemplate();
  const remove = useDeleteTransactions();
  const tx = useQuery({
    ...accountingQueries.transaction(bookId, editParam ?? ''),
    enabled: Boolean(bookId && editParam),
    // A record made offline is read from where it waits on the phone (no network needed).
    ...(editParam && isLocalId(editParam)
      ? { queryFn: () => import('../offline/outbox.ts').then((m) => m.waitingRecord(editParam)), networkMode: 'always' as const }
      : {}),
  });

  // A new visit of the page starts a new form; coming back to the same history entry keeps it.
  // An entry opened by a plain hash change has no key of its own ('default', shared by all
  // such entries): it gets one first, so two such visits are never taken for one.
  const visit = `${location.key}:${editParam ?? ''}`;
  const keyless = location.key === 'default';
  // A new record starts from the draft left unsaved in this book, if any (draft-storage.ts).
  const [restored, setRestored] = useState(false);
  useEffect(() => keepDrafts(), []);
  useLayoutEffect(() => {
    const d = useDraft.getState();
    if (keyless) d.reset(bookId, '', !editParam);
    else if (d.visitKey !== visit || d.bookId !== bookId) {
      d.reset(bookId, visit, !editParam);
      markOpened();
      setRestored(!editParam && restoreDraft(bookId));
    }
  }, [visit, keyless, bookId, editParam]);
  const discardDraft = () => {
    forgetDraft(bookId);
    useDraft.getState().reset(bookId, visit, true);
    markOpened();
    setRestored(false);
    setErrors({});
    showToast(t('record.draftDiscarded'));
  };
  useEffect(() => {
    if (keyless) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [keyless, navigate, location.pathname, location.search]);
  // An edit fills the form once its record is there and fresh (a stale copy is refetched first:
  // its member or category may have moved since).
  const none = { member: t('accounting.none.member'), merchant: t('accounting.none.merchant'), project: t('accounting.none.project') };
  useLayoutEffect(() => {
    const d = useDraft.getState();
    if (!tx.data || tx.isFetching || d.loaded || d.visitKey !== visit) return;
    d.load(bookId, tx.data, tabOf(tx.data) ?? 'Balance', selectionOf(tx.data, none));
    // `none` is texts only; the record and the visit decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tx.data, tx.isFetching, visit, bookId]);

  // A place chosen on choose-location for this visit lands in the form once it is there
  // (after a new form's draft or an edit's record, which would otherwise replace it). An
  // effect, not a layout effect: it runs after keepDrafts has subscribed, so the draft keeps it.
  useEffect(() => {
    const d = useDraft.getState();
    if (!d.loaded || d.visitKey !== visit) return;
    const picked = takePickedPlace(visit);
    if (picked) d.set({ place: picked });
  }, [visit, draft.loaded]);
  const choosePlace = () => {
    askForPlace(visit);
    navigate('/choose-location');
  };
  const openPlace = (place: Place) => navigate(openLocationPath(place));

  const editId = editParam ?? undefined;
  /** A record of another type (a balance adjustment, ...): only its time, remark and images change here. */
  const limited = Boolean(editId && tx.data && !tabOf(tx.data));
  const tab = draft.tab;
  const selection = withAccountInfo(resolveSelection(limited ? {} : (data?.defaults ?? {}), draft.picks[tab]), data?.accounts ?? []);
  const values: FormValues = {
    tab,
    selection,
    amount: draft.amount,
    toAmount: draft.toAmount,
    time: draft.time,
    remark: draft.remark,
    images: draft.images.flatMap((i) => (i.status === 'done' && i.id ? [i.id] : [])),
    place: draft.place,
  };

  // The edited record as the form was filled (its lists there too): an edit sends what differs from it.
  const filled = useRef<{ visit: string; body: Record<string, unknown> } | undefined>(undefined);
  if (editId && !limited && !isLocalId(editId) && draft.loaded && data && filled.current?.visit !== visit)
    filled.current = { visit, body: buildBody(values, true) };

  const clearError = (f: keyof FormErrors) => errors[f] && setErrors((e) => ({ ...e, [f]: undefined }));

  /** Images still uploading, or failed, hold the save back (and say so). */
  const imagesReady = (): boolean => {
    const waiting = draft.images.some((i) => i.status === 'uploading');
    const failed = draft.images.some((i) => i.status === 'failed');
    if (waiting || failed) showToast(t(waiting ? 'accounting.errors.uploading' : 'accounting.errors.uploadFailed'));
    return !waiting && !failed;
  };

  const submit = (again: boolean, onDone: () => void) =>
    guard(async () => {
      const e = limited ? {} : validate(values);
      setErrors(e);
      if (Object.values(e).some(Boolean) || !imagesReady()) return;
      const whole = limited
        ? { remark: values.remark.trim(), transaction_time: values.time, images: values.images, place: values.place ?? null }
        : buildBody(values, Boolean(editId));
      const body = editId && filled.current?.visit === visit ? changedFields(whole, filled.current.body) : whole;
      const key = keys.current.keyFor({ editId, tab, body });
      // Without a network the write waits on the phone (features/offline): what the flow shows meanwhile,
      // and for a waiting record (a local id) the create it becomes.
      const local = Boolean(editId && isLocalId(editId));
      const offline =
        limited && !local
          ? undefined
          : { values, ...(local ? { createBody: buildBody(values, false), createPath: CREATE_PATH[tab] } : {}) };
      const answer = await save.mutateAsync({ bookId, path: CREATE_PATH[tab], editId, body, key, offline });
      keys.current.done();
      if (!editId) forgetDraft(bookId);
      setRestored(false);
      // An overspent budget is said with the save, and stays up long enough to be read.
      const alerts = answer.budget_alerts;
      const long = alerts?.length || answer.queued ? 4000 : undefined;
      const said = answer.queued ? t('offline.queued') : savedText(alerts, again);
      if (again) {
        const kept: Selection = { ...selection };
        for (const f of LABEL_FIELDS) kept[f] ??= { id: EMPTY_ITEM_ID, name: none[f] };
        useDraft.getState().again(kept);
        showToast(said, long);
      } else {
        showToast(said, long);
        onDone();
      }
    });

  const saveAsTemplate = () =>
    guard(async () => {
      const body = templateBody(values);
      await saveTemplate.mutateAsync({ bookId, body, key: keys.current.keyFor({ template: body }) });
      keys.current.done();
      showToast(t('accounting.templateSaved'));
    });

  const applyTemplate = (tpl: Transaction) => {
    useDraft.getState().load(bookId, tpl, tabOf(tpl) ?? 'Expense', selectionOf(tpl, none));
    setErrors({});
    showToast(t('accounting.fromTemplate'));
  };

  const deleteRecord = (onDone: () => void) =>
    guard(async () => {
      if (!editId) return;
      const { confirmDestructive } = await import('../../app/confirm.tsx');
      if (!(await confirmDestructive(t('accounting.deleteConfirm'), t('accounting.delete')))) return;
      const { queued } = await remove.mutateAsync({ bookId, ids: [editId] });
      showToast(queued ? t('offline.queuedDelete') : t('accounting.deleted'));
      onDone();
    });

  const setTab = (next: RecordTab) => {
    useDraft.getState().setTab(next);
    setErrors({});
  };

  /** Member, merchant and project carried over from the last record of this type: none instead. */
  const forgetRemembered = () => {
    for (const f of LABEL_FIELDS) if (selection[f]?.remembered) useDraft.getState().choose(f, { id: EMPTY_ITEM_ID, name: none[f] });
  };

  return {
    draft,
    tx,
    editId,
    limited,
    tab,
    selection,
    values,
    errors,
    clearError,
    setTab,
    saving: save.isPending,
    templateSaving: saveTemplate.isPending,
    submit,
    saveAsTemplate,
    applyTemplate,
    deleteRecord,
    restored,
    discardDraft,
    forgetRemembered,
    choosePlace,
    openPlace,
  };
}

/** Leaves after a save or a delete: back where the user came from, or to the book home. */
export function useLeave() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/dashboard/index', { replace: true });
  };
}
