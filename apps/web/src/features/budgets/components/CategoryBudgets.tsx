import type { BudgetType } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { Icon } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { minorOf } from '../amount.ts';
import { BudgetRow, UnsetList } from './BudgetRows.tsx';
import type { BudgetChild } from '../types.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * The first-level categories of the budget center: one row per category with a budget
 * (a tap edits it, the arrow leads to its second-level categories), "添加分类预算",
 * and the categories that used money without a budget. When nothing at all is set
 * (`nothingSet`: no total either), the empty state says how to begin.
 */
export function CategoryBudgets({
  items,
  type,
  mayEdit,
  nothingSet,
  onEdit,
  onAdd,
  onChildren,
}: {
  items: BudgetChild[];
  type: BudgetType;
  mayEdit: boolean;
  nothingSet: boolean;
  onEdit: (c: BudgetChild) => void;
  onAdd: () => void;
  onChildren: (c: BudgetChild) => void;
}) {
  const { t } = useTranslation();
  const budgeted = items.filter((c) => c.budget);
  const unset = items.filter((c) => !c.budget && minorOf(c.used_amount) > 0n);
  const canAdd = mayEdit && items.some((c) => !c.budget);
  const addButton = (
    <Button size="small" color="primary" fill="outline" data-testid="budget-add-category" onClick={onAdd}>
      <Icon name="add" /> {t('budgets.cats.add')}
    </Button>
  );
  if (nothingSet && !budgeted.length)
    return (
      <>
        <div className="section">
          <EmptyState
            kind="empty"
            testId="budget-empty"
            title={t('budgets.empty.title')}
            description={t(type === 'Income' ? 'budgets.empty.hintIncome' : 'budgets.empty.hint')}
            action={canAdd && addButton}
          />
        </div>
        <UnsetList items={unset} onAdd={mayEdit ? onEdit : undefined} />
      </>
    );
  return (
    <>
      <section className="section budget-cats" aria-labelledby="budget-cats-title" data-testid="budget-cats">
        <div className="budget-section-head">
          <h2 className="budget-section-title" id="budget-cats-title">
            {t('budgets.cats.title')}
          </h2>
          {canAdd && addButton}
        </div>
        {budgeted.length ? (
          budgeted.map((c) => (
            <BudgetRow
              key={c.subject.id}
              item={c}
              type={type}
              onEdit={mayEdit ? () => onEdit(c) : undefined}
              onChildren={() => onChildren(c)}
            />
          ))
        ) : (
          <div className="budget-none" data-testid="budget-cats-none">
            <div>{t('budgets.cats.none')}</div>
            <div className="muted">{t('budgets.cats.noneHint')}</div>
          </div>
        )}
      </section>
      <UnsetList items={unset} onAdd={mayEdit ? onEdit : undefined} />
    </>
  );
}
