import type { CategoryItem, TradeType } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { accountingQueries } from '../../features/accounting/queries.ts';
import type { Ranked } from '../../features/flows/chart-data.ts';
import { BookState } from '../../features/flows/components/BookState.tsx';
import { CategoryShare } from '../../features/flows/components/CategoryShare.tsx';
import { CategoryTrend } from '../../features/flows/components/CategoryTrend.tsx';
import { FlowList } from '../../features/flows/components/FlowList.tsx';
import { MaskToggle } from '../../features/flows/components/MaskToggle.tsx';
import { PeriodSwitcher } from '../../features/flows/components/PeriodSwitcher.tsx';
import { Segmented } from '../../features/flows/components/Segmented.tsx';
import { useFlowBookPage } from '../../features/flows/useFlowBook.ts';
import { usePeriod } from '../../features/flows/usePeriod.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import '../../features/flows/flows.css';
import '../../i18n/flow.ts';

/** A category of the tree (first level or below), or undefined. */
function findCategory(tree: CategoryItem[] | undefined, id: string): CategoryItem | undefined {
  for (const c of tree ?? []) {
    if (c.id === id) return c;
    const sub = findCategory(c.sub_categories, id);
    if (sub) return sub;
  }
  return undefined;
}

/**
 * Charts of a period by category (SPEC 2: flow/pages/category-flow). Without a
 * category: each first-level category's share, ranked; a tap drills into one. With
 * one: its trend, its subcategories' shares (a first level with subs), and its flow.
 * Parameters: type (Expense|Income), categoryId, unit and period, bookId.
 */
function CategoryFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { bookId, book, calendar } = useFlowBookPage();
  const masked = useSettingsStore((s) => s.amountHidden);
  const period = usePeriod(calendar);
  const asked = params.get('type');
  const categoryId = params.get('categoryId') ?? '';
  const expenseTree = useQuery({ ...accountingQueries.categories(bookId, 'Expense', 'Common'), enabled: Boolean(bookId && categoryId) });
  // A link that names a category without its type: an income category is found in the income tree.
  const wantIncome = asked === 'Income' || (!asked && Boolean(expenseTree.data) && !findCategory(expenseTree.data, categoryId));
  const incomeTree = useQuery({
    ...accountingQueries.categories(bookId, 'Income', 'Common'),
    enabled: Boolean(bookId && categoryId && wantIncome),
  });
  const type: TradeType = asked === 'Income' || (categoryId && wantIncome) ? 'Income' : 'Expense';
  const categories = type === 'Income' ? incomeTree : expenseTree;
  const category = findCategory(categories.data, categoryId);
  const title = (categoryId && category?.name) || t('flow.charts.title');
  const gone = Boolean(categoryId && categories.data && !category);
  const bar = <PageBar title={title} right={<MaskToggle />} />;

  if (!book.data)
    return (
      <div className="page" data-testid="page-category-flow">
        {bar}
        <BookState bookId={bookId} book={book} />
      </div>
    );
  const open = (r: Ranked) => {
    const next = new URLSearchParams(params);
    next.set('categoryId', r.id);
    next.set('unit', period.unit);
    next.set('period', period.period);
    navigate(`/flow/pages/category-flow?${next.toString()}`);
  };
  const setType = (next: TradeType) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('type', next);
        return p;
      },
      { replace: true },
    );
  const switcher = (
    <PeriodSwitcher unit={period.unit} period={period.period} current={period.current} gaps={calendar.gaps} onChange={period.set} />
  );
  const typeName = t(`flow.types.${type}`);

  let body;
  if (!categoryId) {
    body = <CategoryShare bookId={bookId} type={type} unit={period.unit} period={period.period} masked={masked} onOpen={open} />;
  } else if (categories.isError) {
    body = <LoadFailed onRetry={categories.refetch} />;
  } else if (!categories.data) {
    body = (
      <div className="section padded">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  } else if (!category) {
    body = <EmptyState kind="notFound" title={t('flow.charts.gone')} testId="category-gone" />;
  } else {
    body = (
      <>
        <CategoryTrend
          bookId={bookId}
          type={type}
          categoryId={category.id}
          name={category.name}
          unit={period.unit}
          period={period.period}
          masked={masked}
        />
        {category.sub_categories.length > 0 && (
          <CategoryShare
            bookId={bookId}
            type={type}
            unit={period.unit}
            period={period.period}
            parentId={category.id}
            masked={masked}
            onOpen={open}
          />
        )}
        <h2 className="flow-list-title">{t('flow.charts.detail')}</h2>
        <FlowList
          bookId={bookId}
          calendar={calendar}
          currency={book.data.currency}
          spec={{ query: { category_types: [type], category_ids: [category.id] }, period: { unit: period.unit, id: period.period } }}
          metrics={[type === 'Expense' ? 'EXPENSE' : 'INCOME']}
          masked={masked}
          monthHeaders={period.unit === 'year'}
          empty={<EmptyState kind="empty" title={t('flow.charts.empty', { type: typeName })} description={t('flow.charts.emptyHint')} />}
        />
      </>
    );
  }

  return (
    <div className="page flow-page" data-testid="page-category-flow">
      {bar}
      {!categoryId && (
        <div className="flow-toolbar">
          <Segmented<TradeType>
            value={type}
            label={t('flow.charts.typeLabel')}
            testId="chart-type"
            options={(['Expense', 'Income'] as const).map((v) => ({ value: v, label: t(`flow.types.${v}`) }))}
            onChange={setType}
          />
        </div>
      )}
      {!gone && switcher}
      {body}
    </div>
  );
}

export default function CategoryFlowPage() {
  return (
    <RequireLogin>
      <CategoryFlow />
    </RequireLogin>
  );
}
