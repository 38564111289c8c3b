import { useTranslation } from '../../../i18n/index.ts';
import { CategoryIcon } from '../../accounting/icons/icons.tsx';
import type { BudgetChild } from '../types.ts';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/** The first-level categories to choose among on the category screen; the one shown is on. */
export function PrimaryChips({ items, current, onPick }: { items: BudgetChild[]; current: string; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <div className="budget-primary" role="group" aria-label={t('budgets.children.primary')}>
      {items.map((c) => (
        <button
          key={c.subject.id}
          type="button"
          className={c.subject.id === current ? 'budget-primary-chip active' : 'budget-primary-chip'}
          aria-pressed={c.subject.id === current}
          data-testid={`budget-primary-${c.subject.id}`}
          onClick={() => c.subject.id !== current && onPick(c.subject.id)}
        >
          <CategoryIcon name={c.subject.icon} size={16} />
          <span>{c.subject.name}</span>
        </button>
      ))}
    </div>
  );
}
