import { DIMENSION_NAME_MAX, type DimensionKind, type LabelKind, type TradeType } from '@cab/contracts/client';
import { Button, SearchBar, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { nameInput } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { PageBar } from '../../../app/PageBar.tsx';
import { RequireLogin } from '../../../app/RequireLogin.tsx';
import { showToast } from '../../../app/toast.ts';
import { useDraft } from '../../../features/accounting/draft.ts';
import { nodeChoice, type PickField } from '../../../features/accounting/form.ts';
import { EditPopup } from '../../../features/accounting/components/lazy.tsx';
import { AccountIcon, CategoryIcon } from '../../../features/accounting/icons/icons.tsx';
import { useCreateDimension, type CreateDimensionBody } from '../../../features/accounting/mutations.ts';
import {
  accountTree,
  categoryTree,
  filterNodes,
  labelTree,
  searchable,
  type PickerNode,
} from '../../../features/accounting/picker-tree.ts';
import { accountingQueries, useCurrentBookId } from '../../../features/accounting/queries.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import '../../../features/accounting/accounting.css';
import '../../../i18n/accounting.ts';

export type SearchKind = 'category' | 'account' | 'member' | 'merchant' | 'project';
const KINDS: Record<SearchKind, DimensionKind> = {
  category: 'categories',
  account: 'accounts',
  member: 'members',
  merchant: 'merchants',
  project: 'projects',
};
const isLabel = (k: SearchKind): k is 'member' | 'merchant' | 'project' => k === 'member' || k === 'merchant' || k === 'project';

/** The list being searched, every item once as a picker node (the 'none' entry included for labels). */
function useItems(bookId: string, kind: SearchKind, type: TradeType) {
  const { t } = useTranslation();
  const names = { recent: t('accounting.recent'), all: t('accounting.all') };
  const labelKind: LabelKind = isLabel(kind) ? (KINDS[kind] as LabelKind) : 'members';
  const categories = useQuery({ ...accountingQueries.categories(bookId, type), enabled: kind === 'category' });
  const accounts = useQuery({ ...accountingQueries.accounts(bookId), enabled: kind === 'account' });
  const labels = useQuery({ ...accountingQueries.labels(bookId, labelKind), enabled: isLabel(kind) });
  const active = kind === 'category' ? categories : kind === 'account' ? accounts : labels;
  let items: PickerNode[] | undefined;
  if (kind === 'category' && categories.data) items = searchable(categoryTree(categories.data, [], names));
  if (kind === 'account' && accounts.data) items = searchable(accountTree(accounts.data, [], names));
  if (isLabel(kind) && labels.data) items = searchable(labelTree(labels.data, [], { ...names, none: t(`accounting.none.${kind}`) }));
  return { items, failed: active.isError, retry: () => void active.refetch() };
}

/**
 * search-category, -account, -member, -merchant, -project: the list filters as the
 * user types; a pick goes back to the form with the choice (`?field=` names the form's
 * field: account, from or to); when nothing matches, the keyword can be added.
 */
function Search({ kind }: { kind: SearchKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const bookId = useCurrentBookId();
  const masked = useSettingsStore((s) => s.amountHidden);
  const type: TradeType = params.get('type') === 'Income' ? 'Income' : 'Expense';
  const field = (params.get('field') ?? kind) as PickField;
  const dim = KINDS[kind];
  const { items, failed, retry } = useItems(bookId, kind, type);
  const create = useCreateDimension(dim, bookId);
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const shown = items ? filterNodes(items, keyword) : undefined;
  const what = t(`search.names.${dim}`);

  const pick = (n: PickerNode) => {
    useDraft.getState().choose(field, nodeChoice(n));
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/subPackages/accounting/index', { replace: true });
  };
  const add = async (raw: string) => {
    const name = raw.trim();
    const body: CreateDimensionBody =
      kind === 'category' ? { name, type } : kind === 'account' ? { name, group_name: t('manage.newGroup'), type: 'Other' } : { name };
    const item = await create.mutateAsync(body);
    showToast(t('search.added'));
    pick({ id: item.id, name: item.name, subs: [], ...(kind === 'account' ? { type: 'Other' } : {}) });
  };

  return (
    <div className="page" data-testid={`page-search-${kind}`}>
      <PageBar
        title={t(`search.titles.${dim}`)}
        right={
          <a className="link" role="button" data-testid="search-add" onClick={() => setAdding(true)}>
            {t('search.add')}
          </a>
        }
      />
      <div className="search-row">
        <SearchBar
          data-testid="search-input"
          placeholder={t(`search.placeholder.${dim}`)}
          value={keyword}
          onChange={setKeyword}
          // antd-mobile's clear icon is a labelled <div> (axe: a prohibited aria-label); its cancel button is a real button that clears.
          clearable={false}
          showCancelButton={(_focus, value) => value.length > 0}
          onCancel={() => setKeyword('')}
          aria-label={t(`search.placeholder.${dim}`)}
        />
      </div>
      {failed ? (
        <LoadFailed onRetry={retry} />
      ) : !shown ? (
        <div className="section padded">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : !shown.length ? (
        <EmptyState
          kind={keyword.trim() ? 'noResults' : 'empty'}
          testId="search-empty"
          title={keyword.trim() ? t('search.noMatch', { keyword: keyword.trim(), what }) : t('search.empty', { what })}
          description={keyword.trim() ? undefined : t('search.emptyHint')}
          action={
            keyword.trim() ? (
              <Button color="primary" data-testid="search-add-keyword" onClick={() => setAdding(true)}>
                {t('search.addKeyword', { keyword: keyword.trim() })}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="section pick-list" data-testid="search-results">
          {shown.map((n) => (
            <button key={n.id} type="button" className="pick-row padded-row" data-testid={`search-item-${n.id}`} onClick={() => pick(n)}>
              {kind === 'category' && (
                <span className="cat-badge">
                  <CategoryIcon name={n.icon ?? ''} size={20} />
                </span>
              )}
              {kind === 'account' && <AccountIcon type={n.type ?? ''} size={20} />}
              <span className="pick-row-name">{n.parentName ? `${n.parentName} · ${n.name}` : n.name}</span>
              {n.balance !== undefined && <span className="pick-row-extra">{formatAmount(n.balance, masked)}</span>}
            </button>
          ))}
        </div>
      )}
      {adding && (
        <EditPopup
          testId="search-new"
          title={t(`search.addTitle.${dim}`)}
          initial={nameInput(DIMENSION_NAME_MAX)(keyword.trim())}
          placeholder={t('search.namePlaceholder', { n: DIMENSION_NAME_MAX })}
          maxLength={DIMENSION_NAME_MAX}
          text={{ kind: 'name', empty: t('search.nameEmpty') }}
          onSave={add}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}

export function SearchPage({ kind }: { kind: SearchKind }) {
  return (
    <RequireLogin>
      <Search kind={kind} />
    </RequireLogin>
  );
}
