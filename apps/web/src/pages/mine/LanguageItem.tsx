import { useQueryClient } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { LANGUAGE_NAMES } from './languages.ts';

// The picker (an action sheet with its animation code) loads on first tap.
const LanguageSheet = lazy(() => import('./LanguageSheet.tsx'));

export function LanguageItem() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const language = useSettingsStore((s) => s.language);
  const setLanguage = useSettingsStore((s) => s.setLanguage);
  const queryClient = useQueryClient();
  return (
    <>
      <List.Item
        data-testid="mine-language"
        extra={LANGUAGE_NAMES[language]}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('mine.language')}
      </List.Item>
      {opened && (
        <Suspense fallback={null}>
          <LanguageSheet
            visible={open}
            current={language}
            onClose={() => setOpen(false)}
            onPick={(l) => {
              setLanguage(l);
              setOpen(false);
              // What the server words in the request's language (articles, role names) comes again in
              // the new one: what is on screen is asked again in place, the rest is dropped so no
              // page opens on answers in the old language.
              if (l !== language) {
                queryClient.removeQueries({ type: 'inactive' });
                void queryClient.invalidateQueries({ type: 'active' });
              }
            }}
          />
        </Suspense>
      )}
    </>
  );
}
