import type { Budget, BudgetType } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import '../../../i18n/budgets.ts';

/** An amount as every budget screen shows it: separators and two decimals, or masked. */
export function useAmount(): (amount: string) => string {
  const masked = useSettingsStore((s) => s.amountHidden);
  return (amount) => formatAmount(amount, masked);
}

/** What is left of a budget, or by how much it is overspent: its label ("剩余" / "超支") and amount. */
export function useRemaining(): (budget: Budget, type: BudgetType) => { over: boolean; label: string; amount: string } {
  const { t } = useTranslation();
  const amount = useAmount();
  return (budget, type) => {
    const over = budget.remaining_amount.startsWith('-');
    return {
      over,
      label: t(over ? `budgets.figures.over.${type}` : `budgets.figures.remaining.${type}`),
      amount: amount(over ? budget.remaining_amount.slice(1) : budget.remaining_amount),
    };
  };
}
