import { Icon } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/** The eye that hides and shows amounts everywhere (the setting the dashboard shares). */
export function MaskToggle() {
  const { t } = useTranslation();
  const hidden = useSettingsStore((s) => s.amountHidden);
  const setHidden = useSettingsStore((s) => s.setAmountHidden);
  return (
    <button
      type="button"
      className="flow-icon-button"
      aria-label={hidden ? t('flow.showAmounts') : t('flow.hideAmounts')}
      data-testid="mask-toggle"
      onClick={() => setHidden(!hidden)}
    >
      <Icon name={hidden ? 'eyeOff' : 'eye'} size={22} />
    </button>
  );
}
