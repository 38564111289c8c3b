import { List } from 'antd-mobile';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';

// The picker (an action sheet with its animation code) loads on first tap.
const LanguageSheet = lazy(() => import('./LanguageSheet.tsx'));
const NAMES = { 'zh-CN': '简体中文', en: 'English' } as const;

export function LanguageItem() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const language = useSettingsStore((s) => s.language);
  const setLanguage = useSettingsStore((s) => s.setLanguage);
  return (
    <>
      <List.Item data-testid="mine-language" extra={NAMES[language]} onClick={() => { setOpened(true); setOpen(true); }}>
        {t('mine.language')}
      </List.Item>
      {opened && (
        <Suspense fallback={null}>
          <LanguageSheet visible={open} onClose={() => setOpen(false)} onPick={(l) => { setLanguage(l); setOpen(false); }} />
        </Suspense>
      )}
    </>
  );
}
