import { Button, Popup } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { confirmDestructive } from '../../../app/confirm.tsx';
import { AmountInput, useAmountField } from '../../../app/AmountInput.tsx';
import { typedToWire, wireToTyped } from '../../../app/amount-rules.ts';
import { useSubmitGuard } from '../../../app/form.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * Sets a budget's amount (the app's AmountInput: above zero, two decimals at most), or clears the
 * budget after asking. The popup closes once the server has taken the change.
 */
export function AmountPopup({
  title,
  subtitle,
  icon,
  initial,
  deleteConfirm,
  onSave,
  onDelete,
  onClose,
}: {
  title: string;
  subtitle?: string | undefined;
  icon?: ReactNode;
  /** The current amount ("1000.00"), when there is a budget. */
  initial?: string | undefined;
  deleteConfirm?: string | undefined;
  /** Takes the wire's amount ("1000.00"). */
  onSave: (amount: string) => Promise<unknown>;
  onDelete?: (() => Promise<unknown>) | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const field = useAmountField(initial ? wireToTyped(initial) : '');
  const [busy, setBusy] = useState<'save' | 'delete'>();
  const guard = useSubmitGuard();
  const run = async (what: 'save' | 'delete', action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
      onClose();
    } finally {
      setBusy(undefined);
    }
  };
  const save = () => {
    if (!field.check()) return;
    guard(() => run('save', () => onSave(typedToWire(field.value))));
  };
  const remove = () =>
    guard(async () => {
      if (!onDelete || !(await confirmDestructive(deleteConfirm ?? '', t('budgets.amount.clear')))) return;
      await run('delete', onDelete);
    });
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <form
        className="budget-popup"
        data-testid="budget-amount-popup"
        role="dialog"
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="budget-popup-head">
          {icon}
          <span className="budget-popup-title">{title}</span>
          {subtitle && <span className="budget-popup-sub">{subtitle}</span>}
        </div>
        <label className="field-label" htmlFor="budget-amount">
          {t('budgets.amount.label')}
        </label>
        <AmountInput
          id="budget-amount"
          testId="budget-amount-input"
          errorTestId="budget-amount-error"
          field={field}
          placeholder={t('budgets.amount.placeholder')}
          autoFocus
        />
        <div className="budget-popup-buttons">
          {onDelete && (
            <Button block color="danger" fill="outline" loading={busy === 'delete'} data-testid="budget-amount-delete" onClick={remove}>
              {t('budgets.amount.delete')}
            </Button>
          )}
          <Button block color="primary" type="submit" loading={busy === 'save'} data-testid="budget-amount-save">
            {t('budgets.amount.save')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
