import { DIMENSION_NAME_MAX, type LabelKind } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { AccountForm, EditPopup, ManageActions } from '../../features/accounting/components/lazy.tsx';
import { ManageList } from '../../features/accounting/components/ManageList.tsx';
import {
  MANAGE_VIEWS,
  VIEW_KIND,
  accountRows,
  categoryRows,
  labelRows,
  type ManageRow,
  type ManageView,
} from '../../features/accounting/manage.ts';
import { useCreateDimension } from '../../features/accounting/mutations.ts';
import { accountingQueries, useCurrentBookId } from '../../features/accounting/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useBookStore } from '../../stores/book.ts';
import '../../features/accounting/accounting.css';
import '../../i18n/accounting.ts';

/** Everything of one view, hidden items included (the Common scene). */
function useRows(bookId: string, view: ManageView) {
  const category = view === 'expense' || view === 'income';
  const label = view === 'members' || view === 'merchants' || view === 'projects';
  const categories = useQuery({
    ...accountingQueries.categories(bookId, view === 'income' ? 'Income' : 'Expense', 'Common'),
    enabled: category,
  });
  const accounts = useQuery({ ...accountingQueries.accounts(bookId, 'Common'), enabled: view === 'accounts' });
  const labels = useQuery({ ...accountingQueries.labels(bookId, label ? (view as LabelKind) : 'members', 'Common'), enabled: label });
  const q = category ? categories : view === 'accounts' ? accounts : labels;
  const rows: ManageRow[] | undefined = category
    ? categories.data && categoryRows(categories.data)
    : view === 'accounts'
      ? accounts.data && accountRows(accounts.data)
      : labels.data && labelRows(labels.data);
  return { rows, failed: q.isError, retry: () => void q.refetch() };
}

/**
 * categoryLabels/index: the book's expense and income categories (two levels),
 * accounts, members, merchants and projects; add, rename, hide or show, reorder and
 * delete (records that use a deleted item move where the user says).
 */
function CategoryLabels() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const bookId = useCurrentBookId();
  const bookCurrency = useBookStore((s) => s.meta?.currency);
  const view: ManageView = (MANAGE_VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as ManageView)
    : 'expense';
  const { rows, failed, retry } = useRows(bookId, view);
  const create = useCreateDimension(VIEW_KIND[view], bookId);
  const [acting, setActing] = useState<ManageRow>();
  const [adding, setAdding] = useState(false);
  const what = t(`manage.tabs.${view}`);

  const body = () => {
    if (failed) return <LoadFailed onRetry={retry} />;
    if (!rows)
      return (
        <div className="section padded">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    if (!rows.length) return <EmptyState kind="empty" title={t('search.empty', { what })} />;
    return <ManageList view={view} rows={rows} onOpen={setActing} />;
  };

  return (
    <div className="page" data-testid="page-category-labels">
      <PageBar title={t('manage.title')} />
      <div className="manage-tabs" role="tablist" aria-label={t('manage.views')}>
        {MANAGE_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={v === view}
            className={v === view ? 'manage-tab active' : 'manage-tab'}
            data-testid={`manage-tab-${v}`}
            onClick={() => setParams({ view: v }, { replace: true })}
          >
            {t(`manage.tabs.${v}`)}
          </button>
        ))}
      </div>
      {body()}
      <div className="padded">
        <Button block color="primary" fill="outline" data-testid="manage-add" onClick={() => setAdding(true)}>
          {t('manage.add')}
        </Button>
      </div>
      <ManageActions view={view} bookId={bookId} rows={rows ?? []} row={acting} onClose={() => setActing(undefined)} />
      {adding && view === 'accounts' && (
        <AccountForm
          groups={[...new Set((rows ?? []).map((r) => r.group ?? ''))].filter(Boolean)}
          currency={bookCurrency}
          onSave={async (body) => {
            await create.mutateAsync(body);
            showToast(t('search.added'));
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {adding && view !== 'accounts' && (
        <EditPopup
          testId="manage-new"
          title={t(`search.addTitle.${VIEW_KIND[view]}`)}
          initial=""
          placeholder={t('search.namePlaceholder', { n: DIMENSION_NAME_MAX })}
          maxLength={DIMENSION_NAME_MAX}
          text={{ kind: 'name', empty: t('search.nameEmpty') }}
          onSave={async (v) => {
            const name = v.trim();
            await create.mutateAsync(
              view === 'expense' || view === 'income' ? { name, type: view === 'income' ? 'Income' : 'Expense' } : { name },
            );
            showToast(t('search.added'));
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}

export default function CategoryLabelsPage() {
  return (
    <RequireLogin>
      <CategoryLabels />
    </RequireLogin>
  );
}
