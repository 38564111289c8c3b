import type { BudgetType } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { CategoryIcon } from '../../accounting/icons/icons.tsx';
import { isOver } from '../amount.ts';
import { useAmount, useRemaining } from './Figures.tsx';
import { BudgetGlyph } from './glyphs.tsx';
import { ProgressBar } from './Progress.tsx';
import type { BudgetChild } from '../types.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * One category with its budget: its icon and name, used / budget, a bar that turns to
 * the warning colour past 100%, and what is left. A tap edits it (for those who may);
 * a category without a budget shows what it used. `onChildren` leads to its
 * second-level categories.
 */
export function BudgetRow({
  item,
  type,
  onEdit,
  onChildren,
}: {
  item: BudgetChild;
  type: BudgetType;
  onEdit?: (() => void) | undefined;
  onChildren?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  const remaining = useRemaining();
  const { subject, budget } = item;
  const id = subject.id;
  const left = budget ? remaining(budget, type) : undefined;
  const body = (
    <>
      <span className="budget-cat-icon">
        <CategoryIcon name={subject.icon} size={20} />
      </span>
      <span className="budget-cat-main">
        <span className="budget-cat-line">
          <span className="budget-cat-name">{subject.name}</span>
          <span className="budget-cat-used" data-testid={`budget-cat-used-${id}`}>
            {budget
              ? t('budgets.figures.usedOf', { used: amount(budget.used_amount), budget: amount(budget.budget_amount) })
              : t('budgets.figures.usedOnly', { label: t(`budgets.figures.used.${type}`), amount: amount(item.used_amount) })}
          </span>
        </span>
        {budget && left ? (
          <>
            <ProgressBar percent={budget.percent_used} over={isOver(budget)} label={subject.name} testId={`budget-bar-${id}`} />
            <span className="budget-cat-line sub">
              <span>{t('budgets.figures.percent', { p: String(budget.percent_used) })}</span>
              <span className={left.over ? 'budget-remaining over' : 'budget-remaining'} data-testid={`budget-cat-remaining-${id}`}>
                {t('budgets.figures.usedOnly', { label: left.label, amount: left.amount })}
              </span>
            </span>
          </>
        ) : (
          <span className="budget-cat-line sub">
            <span>{t('budgets.figures.notSet')}</span>
          </span>
        )}
      </span>
    </>
  );
  return (
    <div className="budget-cat-row">
      {onEdit ? (
        <button type="button" className="budget-cat" data-testid={`budget-cat-${id}`} onClick={onEdit}>
          {body}
        </button>
      ) : (
        <div className="budget-cat" data-testid={`budget-cat-${id}`}>
          {body}
        </div>
      )}
      {onChildren && (
        <button
          type="button"
          className="budget-cat-more"
          aria-label={t('budgets.cats.children', { name: subject.name })}
          data-testid={`budget-cat-children-${id}`}
          onClick={onChildren}
        >
          <BudgetGlyph name="next" size={18} />
        </button>
      )}
    </div>
  );
}

/** Categories without a budget that the period used, listed compactly; a tap sets one (for those who may). */
export function UnsetList({ items, onAdd }: { items: BudgetChild[]; onAdd?: ((c: BudgetChild) => void) | undefined }) {
  const { t } = useTranslation();
  const amount = useAmount();
  if (!items.length) return null;
  return (
    <section className="section budget-unset" data-testid="budget-unset" aria-labelledby="budget-unset-title">
      <h2 className="budget-section-title" id="budget-unset-title">
        {t('budgets.cats.unbudgeted')}
      </h2>
      <div className="budget-unset-list">
        {items.map((c) => {
          const inner = (
            <>
              <CategoryIcon name={c.subject.icon} size={16} />
              <span className="budget-unset-name">{c.subject.name}</span>
              <span className="budget-unset-used">{amount(c.used_amount)}</span>
            </>
          );
          return onAdd ? (
            <button
              key={c.subject.id}
              type="button"
              className="budget-unset-item"
              data-testid={`budget-unset-${c.subject.id}`}
              onClick={() => onAdd(c)}
            >
              {inner}
            </button>
          ) : (
            <span key={c.subject.id} className="budget-unset-item" data-testid={`budget-unset-${c.subject.id}`}>
              {inner}
            </span>
          );
        })}
      </div>
    </section>
  );
}
