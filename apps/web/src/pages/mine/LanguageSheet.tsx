import { Icon } from '../../app/icons.tsx';
import { Sheet } from '../../app/Sheet.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { Language } from '../../stores/settings.ts';
import { LANGUAGE_NAMES } from './languages.ts';

/** The language picker; the language in use is marked. */
export default function LanguageSheet({
  visible,
  current,
  onClose,
  onPick,
}: {
  visible: boolean;
  current: Language;
  onClose: () => void;
  onPick: (l: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      label={t('mine.language')}
      actions={(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => ({
        key: l,
        text: (
          <span
            className={l === current ? 'sheet-choice chosen' : 'sheet-choice'}
            data-testid={`language-${l}`}
            aria-current={l === current ? 'true' : undefined}
            lang={l}
          >
            {LANGUAGE_NAMES[l]}
            {l === current && <Icon name="check" />}
          </span>
        ),
        onClick: () => onPick(l),
      }))}
    />
  );
}
