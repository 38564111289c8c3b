import { BUDGET_TYPES, RECURRENCE_TYPES, type BudgetType, type RecurrenceType } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import type { BudgetChoice } from '../api.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/** A row of choices of which one is on (a recurrence, a type). */
function Choices<T extends string>({
  value,
  values,
  label,
  name,
  testId,
  onChange,
}: {
  value: T;
  values: readonly T[];
  label: string;
  name: (v: T) => string;
  testId: string;
  onChange: (v: T) => void;
}) {
  return (
    <div className="budget-choices" role="group" aria-label={label}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className={v === value ? 'budget-choice active' : 'budget-choice'}
          aria-pressed={v === value}
          data-testid={`${testId}-${v}`}
          onClick={() => v !== value && onChange(v)}
        >
          {name(v)}
        </button>
      ))}
    </div>
  );
}

/** The recurrence (日 to 全部) and, where wanted, the type (支出 / 收入) the budgets show. */
export function ChoiceBar({
  choice,
  onChange,
  withType = true,
}: {
  choice: BudgetChoice;
  onChange: (next: Partial<BudgetChoice>) => void;
  withType?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="budget-choice-bar">
      <Choices<RecurrenceType>
        value={choice.recurrence}
        values={RECURRENCE_TYPES}
        label={t('budgets.recurrenceLabel')}
        name={(r) => t(`budgets.recurrence.${r}`)}
        testId="budget-recurrence"
        onChange={(recurrence) => onChange({ recurrence })}
      />
      {withType && (
        <Choices<BudgetType>
          value={choice.type}
          values={BUDGET_TYPES}
          label={t('budgets.typeLabel')}
          name={(ty) => t(`budgets.type.${ty}`)}
          testId="budget-type"
          onChange={(type) => onChange({ type })}
        />
      )}
    </div>
  );
}
