import type { Budget, RecurrenceType } from '@cab/contracts/client';
import { useSubmitGuard } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { CategoryIcon } from '../../accounting/icons/icons.tsx';
import { useAddBudget, useDeleteBudget, useExtendBudget, useSumBudget, useUpdateBudget, type BudgetChoice, type Subject } from '../api.ts';
import { AmountPopup, confirmDestructive } from './lazy.tsx';
import '../../../i18n/budgets.ts';

/** A budget being set: the subject, its name and icon (none for the total), and its budget if it has one. */
export interface Editing {
  subject: Subject;
  name: string;
  icon?: string;
  budget: Budget | null;
}

/**
 * What the budget screens change, each saying what went well (the request wrapper
 * toasts a refusal): save (add or update), delete, sum and extend; the lists refresh
 * after each (api.ts).
 */
export function useBudgetActions(bookId: string, choice: BudgetChoice) {
  const { t } = useTranslation();
  const add = useAddBudget(bookId);
  const update = useUpdateBudget(bookId);
  const del = useDeleteBudget(bookId);
  const sumUp = useSumBudget(bookId);
  const extendTo = useExtendBudget(bookId);
  const guard = useSubmitGuard();
  const every = (r: RecurrenceType) => t(`budgets.every.${r}`);
  return {
    save: async (e: Editing, amount: string) => {
      if (e.budget) await update.mutateAsync({ budgetId: e.budget.budget_id, amount });
      else await add.mutateAsync({ subject: e.subject, choice, amount });
      showToast(t('budgets.toast.saved'));
    },
    remove: async (budget: Budget) => {
      await del.mutateAsync(budget.budget_id);
      showToast(t('budgets.toast.deleted'));
    },
    /** Sets the subject's budget to its children's sum, asking first when that replaces a budget. */
    sum: (subject: Subject, replacing: string | undefined) =>
      guard(async () => {
        if (replacing && !(await confirmDestructive(replacing, t('budgets.total.sumReplace')))) return;
        await sumUp.mutateAsync({ subject, choice });
        showToast(t('budgets.toast.summed'));
      }),
    /** Extends the subject's budgets to a longer recurrence after asking; `then` follows on success. */
    extend: (subject: Subject, to: RecurrenceType, factor: number, then: () => void) =>
      guard(async () => {
        const from = choice.recurrence;
        if (!(await confirmDestructive(t('budgets.extend.confirm', { from: every(from), to: every(to), factor }), t('budgets.extend.ok'))))
          return;
        await extendTo.mutateAsync({ subject, type: choice.type, from, to });
        showToast(t('budgets.toast.extended', { every: every(to) }));
        then();
      }),
  };
}

export type BudgetActions = ReturnType<typeof useBudgetActions>;

/** The amount popup for what is being set. */
export function BudgetEditor({
  editing,
  choice,
  actions,
  onClose,
}: {
  editing: Editing | undefined;
  choice: BudgetChoice;
  actions: BudgetActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!editing) return null;
  const every = t(`budgets.every.${choice.recurrence}`);
  const { budget } = editing;
  return (
    <AmountPopup
      title={editing.name}
      subtitle={t('budgets.amount.subtitle', { every, type: t(`budgets.type.${choice.type}`) })}
      icon={editing.icon === undefined ? undefined : <CategoryIcon name={editing.icon} size={22} />}
      initial={budget?.budget_amount}
      deleteConfirm={t('budgets.amount.deleteConfirm', { name: editing.name, every })}
      onSave={(amount) => actions.save(editing, amount)}
      onDelete={budget ? () => actions.remove(budget) : undefined}
      onClose={onClose}
    />
  );
}
