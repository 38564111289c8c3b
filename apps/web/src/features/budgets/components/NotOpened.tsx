import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { BudgetGlyph } from './glyphs.tsx';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * The not-opened prompt of the advanced budgets (SPEC 6), in place of what needs them;
 * `onOpen` offers "开通" (the purchase sheet of the commerce area).
 */
export function NotOpened({ onOpen }: { onOpen?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="budget-not-opened" data-testid="budget-not-opened" role="note">
      <BudgetGlyph name="lock" size={20} />
      <div className="budget-not-opened-text">
        <div className="budget-not-opened-title">{t('budgets.notOpened.title')}</div>
        <div className="budget-not-opened-body">{t('budgets.notOpened.body')}</div>
      </div>
      {onOpen && (
        <Button size="small" color="primary" className="budget-not-opened-open" data-testid="budget-open" onClick={onOpen}>
          {t('budgets.notOpened.open')}
        </Button>
      )}
    </div>
  );
}
