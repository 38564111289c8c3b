import { ActionSheet } from 'antd-mobile';
import { useTranslation } from '../../i18n/index.ts';
import type { Language } from '../../stores/settings.ts';

const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

export default function LanguageSheet({ visible, onClose, onPick }: { visible: boolean; onClose: () => void; onPick: (l: Language) => void }) {
  const { t } = useTranslation();
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
      cancelText={t('common.cancel')}
      actions={(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => ({ key: l, text: LANGUAGE_NAMES[l], onClick: () => onPick(l) }))}
    />
  );
}
