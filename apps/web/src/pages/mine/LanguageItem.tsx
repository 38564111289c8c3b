import { ActionSheet, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore, type Language } from '../../stores/settings.ts';

const NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

export function LanguageItem() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = useSettingsStore((s) => s.language);
  const setLanguage = useSettingsStore((s) => s.setLanguage);
  return (
    <>
      <List.Item data-testid="mine-language" extra={NAMES[language]} onClick={() => setOpen(true)}>
        {t('mine.language')}
      </List.Item>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t('common.cancel')}
        actions={(Object.keys(NAMES) as Language[]).map((l) => ({ key: l, text: NAMES[l], onClick: () => { setLanguage(l); setOpen(false); } }))}
      />
    </>
  );
}
