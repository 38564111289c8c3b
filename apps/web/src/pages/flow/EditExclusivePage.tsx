import { useQuery } from '@tanstack/react-query';
import { Button, Selector, Skeleton } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { BookState } from '../../features/flows/components/BookState.tsx';
import { FieldError, useSubmitGuard } from '../../app/form.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { accountingQueries, flatAccounts, useAccounts } from '../../features/accounting/queries.ts';
import {
  ALL_CHOICE,
  ALL_VIEW,
  VIEW_TYPES,
  pickWithAll,
  serializeExclusive,
  shownChoice,
  useExclusiveView,
  type ExclusiveView,
  type ViewType,
} from '../../features/flows/exclusive.ts';
import { pruneView } from '../../features/flows/flow-index.ts';
import { useFlowBookPage } from '../../features/flows/useFlowBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/flows/flows.css';
import '../../i18n/flow.ts';

/** The stored value's limit (a preference holds at most 2,000 characters). */
const VALUE_MAX = 2000;

function ViewForm({
  initial,
  accounts,
  members,
  onSave,
}: {
  initial: ExclusiveView;
  accounts: Array<{ label: string; value: string }>;
  members: Array<{ label: string; value: string }>;
  onSave: (v: ExclusiveView) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const guard = useSubmitGuard();
  const [view, setView] = useState<ExclusiveView>(initial);
  const [typeError, setTypeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = () =>
    guard(async () => {
      if (!view.types.length) return setTypeError(t('flow.exclusive.atLeastOneType'));
      if (serializeExclusive(view).length > VALUE_MAX) return showToast(t('flow.exclusive.tooMany'));
      setBusy(true);
      try {
        await onSave(view);
      } finally {
        setBusy(false);
      }
    });
  const choice = (which: 'accounts' | 'members', options: Array<{ label: string; value: string }>, allLabel: string) => (
    <section className="section padded flow-form-section" aria-labelledby={`view-${which}`}>
      <h2 id={`view-${which}`} className="flow-form-title">
        {t(`flow.exclusive.${which}`)}
      </h2>
      <Selector<string>
        multiple
        columns={2}
        showCheckMark={false}
        aria-label={t(`flow.exclusive.${which}`)}
        data-testid={`view-${which}`}
        value={shownChoice(view[which])}
        options={[{ label: allLabel, value: ALL_CHOICE }, ...options]}
        onChange={(chosen) => setView((v) => ({ ...v, [which]: pickWithAll(v[which], chosen) }))}
      />
    </section>
  );
  return (
    <>
      <div className="notice-card">{t('flow.exclusive.intro')}</div>
      <section className="section padded flow-form-section" aria-labelledby="view-types">
        <h2 id="view-types" className="flow-form-title">
          {t('flow.exclusive.types')}
        </h2>
        <Selector<ViewType>
          multiple
          showCheckMark={false}
          aria-label={t('flow.exclusive.types')}
          data-testid="view-types"
          value={view.types}
          options={VIEW_TYPES.map((v) => ({ label: t(`flow.types.${v}`), value: v }))}
          onChange={(types) => {
            setTypeError(undefined);
            setView((v) => ({ ...v, types: VIEW_TYPES.filter((x) => types.includes(x)) }));
          }}
        />
        <FieldError error={typeError} testId="view-types-error" />
      </section>
      {choice('accounts', accounts, t('flow.exclusive.allAccounts'))}
      {choice('members', members, t('flow.exclusive.allMembers'))}
      <div className="flow-form-actions">
        <Button block color="primary" size="large" loading={busy} data-testid="view-save" onClick={save}>
          {t('flow.exclusive.save')}
        </Button>
        <Button block fill="outline" data-testid="view-reset" onClick={() => setView(ALL_VIEW)}>
          {t('flow.exclusive.reset')}
        </Button>
      </div>
    </>
  );
}

/**
 * 专属流水 (SPEC 2: flow/pages/edit-exclusive): the user's own default view of this
 * book's flow page: which types, accounts and members it shows. Saved as the user's
 * preference for this book (`flow.exclusive`); "reset" and save clears it.
 */
function EditExclusive() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bookId, book } = useFlowBookPage();
  const { view, save } = useExclusiveView(bookId);
  const accounts = useAccounts(bookId, 'Common');
  const members = useQuery({ ...accountingQueries.labels(bookId, 'members', 'Common'), enabled: Boolean(bookId) });
  const bar = <PageBar title={t('flow.exclusive.title')} />;
  const page = (body: ReactNode) => (
    <div className="page flow-page" data-testid="page-edit-exclusive">
      {bar}
      {body}
    </div>
  );
  if (!book.data) return page(<BookState bookId={bookId} book={book} />);
  const failed = [view, accounts, members].find((q) => q.isError);
  if (failed) return page(<LoadFailed full onRetry={failed.refetch} />);
  if (view.isPending || !accounts.data || !members.data)
    return page(
      <div className="section padded" data-testid="view-loading">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>,
    );
  const accountList = flatAccounts(accounts.data);
  const memberList = members.data;
  // Accounts and members deleted since the view was saved are no longer offered.
  const initial = view.data ? pruneView(view.data, new Set(accountList.map((a) => a.id)), new Set(memberList.map((m) => m.id))) : ALL_VIEW;
  return page(
    <ViewForm
      initial={initial}
      accounts={accountList.map((a) => ({ label: a.name, value: a.id }))}
      members={[{ label: t('flow.exclusive.noMember'), value: '0' }, ...memberList.map((m) => ({ label: m.name, value: m.id }))]}
      onSave={(v) =>
        save.mutateAsync(v).then(() => {
          showToast(t('flow.exclusive.saved'));
          // Back to the flow, which shows the view; opened directly, the flow page takes its place.
          const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (idx > 0) navigate(-1);
          else navigate(`/flow/index?bookId=${encodeURIComponent(bookId)}`, { replace: true });
        })
      }
    />,
  );
}

export default function EditExclusivePage() {
  return (
    <RequireLogin>
      <EditExclusive />
    </RequireLogin>
  );
}
