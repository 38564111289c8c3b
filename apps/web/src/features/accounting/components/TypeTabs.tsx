import { RECORD_TABS, type RecordTab } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/accounting.ts';

/** Expense, income, transfer, balance: tabs switch the form between the four (docs/ui.md: tabs switch views). */
export function TypeTabs({ tab, onChange, allowed }: { tab: RecordTab; onChange: (t: RecordTab) => void; allowed?: readonly RecordTab[] }) {
  const { t } = useTranslation();
  return (
    <div className="rec-tabs" role="tablist" aria-label={t('accounting.typeTabs')}>
      {RECORD_TABS.map((k) => {
        const disabled = allowed ? !allowed.includes(k) : false;
        return (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            disabled={disabled}
            className={tab === k ? 'rec-tab active' : 'rec-tab'}
            data-testid={`rec-tab-${k}`}
            onClick={() => onChange(k)}
          >
            {t(`accounting.types.${k}`)}
          </button>
        );
      })}
    </div>
  );
}
