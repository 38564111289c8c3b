import type { BudgetType } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { BudgetRow } from './BudgetRows.tsx';
import { NotOpened } from './NotOpened.tsx';
import type { BudgetChild } from '../types.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * A first-level category's second-level categories with their budgets; a tap sets,
 * edits or clears one. Budgets for them are an advanced feature: without it the list
 * shows what each used, under the not-opened prompt (SPEC 6).
 */
export function SecondaryList({
  items,
  type,
  mayEdit,
  opened,
  onEdit,
  onOpen,
}: {
  items: BudgetChild[];
  type: BudgetType;
  mayEdit: boolean;
  opened: boolean;
  onEdit: (c: BudgetChild) => void;
  /** Opens the purchase of the advanced budgets. */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="section budget-cats" aria-labelledby="budget-secondary-title" data-testid="budget-secondary">
      <div className="budget-section-head">
        <h2 className="budget-section-title" id="budget-secondary-title">
          {t('budgets.children.secondary')}
        </h2>
      </div>
      {!opened && items.length > 0 && <NotOpened onOpen={onOpen} />}
      {items.length ? (
        items.map((c) => <BudgetRow key={c.subject.id} item={c} type={type} onEdit={mayEdit && opened ? () => onEdit(c) : undefined} />)
      ) : (
        <div className="budget-none" data-testid="budget-secondary-none">
          {t('budgets.children.none')}
        </div>
      )}
    </section>
  );
}
