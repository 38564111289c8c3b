import { useTranslation } from '../../../i18n/index.ts';
import { BudgetGlyph } from './glyphs.tsx';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/** The not-opened prompt of the advanced budgets (SPEC 6), in place of what needs them. */
export function NotOpened() {
  const { t } = useTranslation();
  return (
    <div className="budget-not-opened" data-testid="budget-not-opened" role="note">
      <BudgetGlyph name="lock" size={20} />
      <div>
        <div className="budget-not-opened-title">{t('budgets.notOpened.title')}</div>
        <div className="budget-not-opened-body">{t('budgets.notOpened.body')}</div>
      </div>
    </div>
  );
}
