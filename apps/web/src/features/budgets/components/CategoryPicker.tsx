import { Popup } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { CategoryIcon } from '../../accounting/icons/icons.tsx';
import type { BudgetChild } from '../types.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/** The first-level categories that have no budget yet, to set one for. */
export function CategoryPicker({
  visible,
  items,
  onPick,
  onClose,
}: {
  visible: boolean;
  items: BudgetChild[];
  onPick: (c: BudgetChild) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="budget-popup" data-testid="budget-picker" role="dialog" aria-label={t('budgets.picker.title')}>
        <div className="budget-popup-head">
          <span className="budget-popup-title">{t('budgets.picker.title')}</span>
        </div>
        {items.length ? (
          <div className="budget-pick-grid">
            {items.map((c) => (
              <button
                key={c.subject.id}
                type="button"
                className="budget-pick"
                data-testid={`budget-pick-${c.subject.id}`}
                onClick={() => onPick(c)}
              >
                <span className="budget-pick-icon">
                  <CategoryIcon name={c.subject.icon} size={22} />
                </span>
                <span className="budget-pick-name">{c.subject.name}</span>
              </button>
            ))}
          </div>
        ) : (
          <p className="muted center">{t('budgets.picker.empty')}</p>
        )}
        <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}
