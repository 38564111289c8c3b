import type { BudgetAlert } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/format.ts';
import '../../i18n/record.ts';
import '../../i18n/accounting.ts';

/**
 * What saving says: "已保存", or, when the record left expense budgets overspent, that
 * too (the category's budget first, as the record is closest to it; then how many more).
 */
export function savedText(alerts: readonly BudgetAlert[] | undefined, again: boolean): string {
  const t = i18n.t;
  const sorted = [...(alerts ?? [])].sort((a, b) => (a.subject_type === b.subject_type ? 0 : a.subject_type === 'Category' ? -1 : 1));
  const first = sorted[0];
  if (!first) return t(again ? 'accounting.savedAgain' : 'accounting.saved');
  const vars = {
    name: first.subject_type === 'Book' ? t('record.totalBudget') : first.subject_name,
    period: t(`record.periods.${first.recurrence_type}`),
    amount: formatAmount(first.over_by),
    more: sorted.length - 1,
  };
  if (again) return t('record.savedAgainOverspent', vars);
  return t(sorted.length > 1 ? 'record.overspentMany' : 'record.overspent', vars);
}
