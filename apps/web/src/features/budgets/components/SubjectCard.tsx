import type { Budget, BudgetType } from '@cab/contracts/client';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { isOver, minorOf } from '../amount.ts';
import { useAmount, useRemaining } from './Figures.tsx';
import { BudgetGlyph } from './glyphs.tsx';
import { ProgressRing } from './Progress.tsx';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * A subject's own budget (the book's total, or a first-level category's): the budget,
 * what the period used and what is left (or overspent), a ring past 100% in the warning
 * colour; and, for those who may change budgets, set or edit, the sum of the children's
 * budgets ("按分类汇总"), and extending to a longer recurrence where one fits.
 */
export function SubjectCard({
  testId,
  title,
  icon,
  type,
  budget,
  used,
  childrenSum,
  mayEdit,
  editLabel,
  sumLabel,
  sumHint,
  onEdit,
  onSum,
  onExtend,
}: {
  testId: string;
  title: string;
  icon?: ReactNode;
  type: BudgetType;
  budget: Budget | null;
  used: string;
  childrenSum: string;
  mayEdit: boolean;
  editLabel: string;
  sumLabel: string;
  sumHint: string;
  onEdit: () => void;
  onSum: () => void;
  onExtend?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  const remaining = useRemaining();
  const left = budget ? remaining(budget, type) : undefined;
  const sum = minorOf(childrenSum);
  const canSum = sum > 0n && (!budget || minorOf(budget.budget_amount) !== sum);
  return (
    <section className="section budget-card" data-testid={testId} aria-label={title}>
      <div className="budget-card-head">
        <h2 className="budget-card-title">
          {icon}
          <span className="text">{title}</span>
        </h2>
        {mayEdit && (
          <button type="button" className="budget-link" data-testid={`${testId}-edit`} onClick={onEdit}>
            <BudgetGlyph name="edit" /> {editLabel}
          </button>
        )}
      </div>
      <div className="budget-card-body">
        {budget && <ProgressRing percent={budget.percent_used} over={isOver(budget)} label={title} testId={`${testId}-ring`} />}
        <dl className="budget-figures">
          <div>
            <dt>{t('budgets.figures.budget')}</dt>
            <dd data-testid={`${testId}-amount`}>{budget ? amount(budget.budget_amount) : t('budgets.figures.notSet')}</dd>
          </div>
          <div>
            <dt>{t(`budgets.figures.used.${type}`)}</dt>
            <dd data-testid={`${testId}-used`}>{amount(budget?.used_amount ?? used)}</dd>
          </div>
          {left && (
            <div className={left.over ? 'over' : undefined}>
              <dt>{left.label}</dt>
              <dd data-testid={`${testId}-remaining`}>{left.amount}</dd>
            </div>
          )}
        </dl>
      </div>
      {mayEdit && (sum > 0n || onExtend) && (
        <div className="budget-card-actions">
          {sum > 0n && (
            <button type="button" className="budget-action" data-testid={`${testId}-sum`} disabled={!canSum} onClick={onSum}>
              <BudgetGlyph name="sum" /> {sumLabel}
              <span className="budget-action-hint">{sumHint}</span>
            </button>
          )}
          {onExtend && (
            <button type="button" className="budget-action" data-testid={`${testId}-extend`} onClick={onExtend}>
              <BudgetGlyph name="extend" /> {t('budgets.total.extend')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
