import { minorToMoney, type RecordTab } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { AmountPanel } from '../../features/accounting/components/AmountPanel.tsx';
import { Album } from '../../features/accounting/components/Album.tsx';
import { FieldRows } from '../../features/accounting/components/FieldRows.tsx';
import { Keypad } from '../../features/accounting/components/Keypad.tsx';
import { DatePopup, PickerPopup, TemplatePopup, usePrefetchRecordPopups } from '../../features/accounting/components/lazy.tsx';
import { TypeTabs } from '../../features/accounting/components/TypeTabs.tsx';
import { useDraft } from '../../features/accounting/draft.ts';
import { SEARCH_KIND, convertMinor, crossCurrency, nodeChoice, type PickField } from '../../features/accounting/form.ts';
import { pressKey, typedToMinor, type PadKey } from '../../features/accounting/keypad.ts';
import { accountingQueries, useCurrentBookId } from '../../features/accounting/queries.ts';
import { useLeave, useRecordForm } from '../../features/accounting/useRecordForm.ts';
import { useBookZone } from '../../features/books/clock.ts';
import { openBook } from '../../features/books/mutations.ts';
import { isBookGone, useBook } from '../../features/books/queries.ts';
import { NoRecordPermission } from '../../features/members/components/NoRecordPermission.tsx';
import { PlaceRow } from '../../features/places/PlaceRow.tsx';
import { useRecordAccess } from '../../features/members/useMayRecord.ts';
import { useRecording } from '../../features/accounting/useRecording.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Icon } from '../../app/icons.tsx';
import { zoneOr } from '../../lib/book-clock.ts';
import '../../features/accounting/accounting.css';
import '../../i18n/record.ts';
import '../../i18n/accounting.ts';

const EDITABLE_TABS: readonly RecordTab[] = ['Expense', 'Income'];

/**
 * Add or edit a transaction (SPEC 2): four tabs, the amount on a keypad of its own,
 * pickers, time, labels, remark and images; save, save-and-again, the template jump.
 * `?id=` opens a record to edit or delete.
 */
function Accounting({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeave();
  const [params] = useSearchParams();
  const editParam = params.get('id');
  const data = useRecording(
    bookId,
    useDraft((s) => s.tab),
  );
  const f = useRecordForm(bookId, editParam, data);
  // A role that may not record (or not change records) sees why instead of the save buttons,
  // and a record it opens is shown read-only, titled as details rather than as an edit.
  const access = useRecordAccess(bookId, Boolean(editParam));
  const mayWrite = access !== 'refused';
  const book = useBook(bookId);
  // One clock per book: the time is shown and picked in the book's zone, not the phone's.
  const timeZone = zoneOr(useBookZone(bookId));
  const [picking, setPicking] = useState<PickField>();
  const [dating, setDating] = useState(false);
  const [templates, setTemplates] = useState(false);
  const [typing, setTyping] = useState(false);
  const { draft, tab, selection, errors } = f;
  const cross = tab === 'Transfer' && crossCurrency(selection);
  const rate = useQuery({
    ...accountingQueries.rate(bookId, selection.from?.currency ?? '', selection.to?.currency ?? ''),
    enabled: cross,
  });
  const loading = !data.ready || !draft.loaded || (Boolean(editParam) && f.tx.isPending);
  usePrefetchRecordPopups(!loading);

  const title = f.editId ? (mayWrite ? t('accounting.editTitle') : t('record.viewTitle')) : t('accounting.title');
  const bar = (
    <PageBar
      title={title}
      right={
        f.editId
          ? mayWrite && (
              <a className="link danger-text" role="button" data-testid="rec-delete" onClick={() => f.deleteRecord(leave)}>
                {t('accounting.delete')}
              </a>
            )
          : mayWrite && (
              <a className="link" role="button" data-testid="rec-templates" onClick={() => setTemplates(true)}>
                {t('accounting.template')}
              </a>
            )
      }
    />
  );
  if (data.failed || f.tx.isError)
    return (
      <div className="page" data-testid="page-accounting">
        {bar}
        <LoadFailed full onRetry={() => (f.tx.isError ? void f.tx.refetch() : data.retry())} />
      </div>
    );
  if (loading)
    return (
      <div className="page" data-testid="page-accounting">
        {bar}
        <div className="section padded" data-testid="rec-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </div>
    );
  if (!data.accounts.length)
    return (
      <div className="page" data-testid="page-accounting">
        {bar}
        <EmptyState
          kind="empty"
          full
          title={t('accounting.noAccounts')}
          action={
            <Button color="primary" onClick={() => navigate('/categoryLabels/index?view=accounts')}>
              {t('accounting.manage')}
            </Button>
          }
        />
      </div>
    );

  const onKey = (k: PadKey) => {
    draft.setAmount(pressKey(draft.editingTo ? draft.toAmount : draft.amount, k));
    f.clearError('amount');
  };
  const estimate = cross && rate.data && draft.amount ? minorToMoney(convertMinor(typedToMinor(draft.amount), rate.data)) : undefined;
  const search = (field: PickField) => {
    setPicking(undefined);
    const kind = SEARCH_KIND[field];
    navigate(`/accounting/pages/search-${kind}?field=${field}${field === 'category' ? `&type=${data.type}` : ''}`);
  };
  const picker = picking ? data.source(picking) : undefined;
  const what = picking ? t(`accounting.${picking}`) : '';

  return (
    <div className="page rec-page" data-testid="page-accounting">
      {bar}
      <TypeTabs
        tab={tab}
        onChange={f.setTab}
        allowed={f.limited || !mayWrite ? [tab] : f.editId ? (tab === 'Transfer' ? ['Transfer'] : EDITABLE_TABS) : undefined}
      />
      <div className={typing || f.limited || !mayWrite ? 'rec-scroll' : 'rec-scroll with-pad'}>
        <div className="rec-book" data-testid="rec-book">
          <Icon name="ledger" size={16} />
          <span className="rec-book-label">{t('record.book')}</span>
          <span className="rec-book-name" data-testid="rec-book-name">
            {book.data?.name ?? ''}
          </span>
        </div>
        {f.restored && (
          <div className="rec-note" role="status" data-testid="rec-draft-restored">
            <span>{t('record.draftRestored')}</span>
            <a className="link" role="button" data-testid="rec-draft-discard" onClick={f.discardDraft}>
              {t('record.draftDiscard')}
            </a>
          </div>
        )}
        {f.limited && <div className="notice-card">{t('accounting.otherType')}</div>}
        <AmountPanel
          tab={tab}
          amount={draft.amount}
          toAmount={draft.toAmount}
          cross={cross}
          editingTo={draft.editingTo}
          fromCurrency={selection.from?.currency}
          toCurrency={selection.to?.currency}
          estimate={estimate}
          error={errors.amount ? t(errors.amount) : undefined}
          onToggle={(to) => draft.toggleAmount(to)}
          plain={f.limited}
        />
        <FieldRows
          tab={tab}
          selection={selection}
          errors={errors}
          time={draft.time}
          timeZone={timeZone}
          remark={draft.remark}
          readOnly={f.limited || !mayWrite}
          onForget={f.editId ? undefined : f.forgetRemembered}
          onPick={setPicking}
          onTime={() => setDating(true)}
          onRemark={(remark) => draft.set({ remark })}
          onRemarkFocus={setTyping}
          placeRow={
            <PlaceRow
              place={draft.place}
              readOnly={!mayWrite}
              onChoose={f.choosePlace}
              onClear={() => draft.set({ place: null })}
              onOpen={f.openPlace}
            />
          }
        />
        <Album
          bookId={bookId}
          images={draft.images}
          readOnly={!mayWrite}
          onOpen={(i) =>
            navigate(
              mayWrite || !f.editId
                ? `/accounting/pages/image-preview?mode=edit&index=${i}`
                : `/accounting/pages/image-preview?mode=view&id=${encodeURIComponent(f.editId)}&index=${i}`,
            )
          }
        />
      </div>
      {!mayWrite ? (
        <NoRecordPermission editing={Boolean(f.editId)} />
      ) : f.limited || typing ? (
        // While the system keyboard is up for the remark, saving stays one tap away (the
        // button keeps the remark's focus on press, so the tap is not lost to the blur).
        <div className="rec-bar">
          <Button
            block
            color="primary"
            data-testid="rec-save"
            loading={f.saving}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => f.submit(false, leave)}
          >
            {t('accounting.save')}
          </Button>
        </div>
      ) : (
        <Keypad
          onKey={onKey}
          signed={tab === 'Balance'}
          saving={f.saving}
          onSave={() => f.submit(false, leave)}
          onAgain={f.editId ? undefined : () => f.submit(true, leave)}
        />
      )}
      <PickerPopup
        visible={Boolean(picking)}
        title={t('accounting.pick', { what })}
        searchLabel={t('accounting.search', { what })}
        tree={picker?.tree}
        loading={picker?.loading ?? false}
        failed={picker?.failed ?? false}
        onRetry={() => picker?.retry()}
        selectedId={picking ? selection[picking]?.id : undefined}
        kind={picking === 'category' ? 'category' : picking === 'account' || picking === 'from' || picking === 'to' ? 'account' : 'label'}
        emptyText={
          picking === 'category' ? t('accounting.noCategories', { type: t(`accounting.types.${data.type}`) }) : t('accounting.noAccounts')
        }
        onPick={(n) => {
          if (!picking) return;
          draft.choose(picking, nodeChoice(n));
          f.clearError(picking === 'category' || picking === 'account' || picking === 'from' || picking === 'to' ? picking : 'amount');
          setPicking(undefined);
        }}
        onSearch={() => picking && search(picking)}
        onClose={() => setPicking(undefined)}
      />
      <DatePopup
        visible={dating}
        value={draft.time}
        timeZone={timeZone}
        onConfirm={(time) => draft.set({ time })}
        onClose={() => setDating(false)}
      />
      <TemplatePopup
        visible={templates}
        bookId={bookId}
        canSave={tab === 'Expense' || tab === 'Income'}
        saving={f.templateSaving}
        onSave={f.saveAsTemplate}
        onUse={(tpl) => {
          setTemplates(false);
          f.applyTemplate(tpl);
        }}
        onClose={() => setTemplates(false)}
      />
    </div>
  );
}

/**
 * A link that names its book (`?bookId=`, e.g. from a dashboard that is not the current
 * book's) records into that book: a book the user is in is opened (SPEC 4) and the form
 * follows; a book the user is not in is refused, never swapped for the current one.
 */
function OpenLinkedBook({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const book = useBook(bookId);
  const [failed, setFailed] = useState(false);
  const member = Boolean(book.data);
  useEffect(() => {
    if (!member || failed) return;
    openBook(qc, bookId).catch(() => setFailed(true));
  }, [member, failed, qc, bookId]);
  const bar = <PageBar title={t('accounting.title')} />;
  if (book.isError && isBookGone(book.error))
    return (
      <div className="page" data-testid="page-accounting">
        {bar}
        <EmptyState
          kind="notFound"
          full
          testId="rec-not-member"
          title={t('record.notMember')}
          description={t('record.notMemberHint')}
          action={
            <Button color="primary" onClick={() => navigate('/pages/book/index', { replace: true })}>
              {t('books.toMyBooks')}
            </Button>
          }
        />
      </div>
    );
  if (book.isError || failed)
    return (
      <div className="page" data-testid="page-accounting">
        {bar}
        <LoadFailed
          full
          onRetry={() => {
            setFailed(false);
            void book.refetch();
          }}
        />
      </div>
    );
  return (
    <div className="page" data-testid="page-accounting">
      {bar}
      <div className="section padded" data-testid="rec-loading" aria-busy="true">
        <div className="muted">{t('record.bookLoading')}</div>
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    </div>
  );
}

export default function AccountingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bookId = useCurrentBookId();
  const [params] = useSearchParams();
  const linked = params.get('bookId') ?? '';
  return (
    <RequireLogin>
      {linked && linked !== bookId ? (
        <OpenLinkedBook bookId={linked} />
      ) : bookId ? (
        <Accounting bookId={bookId} />
      ) : (
        <div className="page" data-testid="page-accounting">
          <PageBar title={t('accounting.title')} />
          <EmptyState
            kind="empty"
            full
            title={t('accounting.noBook')}
            description={t('accounting.noBookHint')}
            action={
              <Button color="primary" onClick={() => navigate('/pages/book/index')}>
                {t('accounting.pickBook')}
              </Button>
            }
          />
        </div>
      )}
    </RequireLogin>
  );
}
