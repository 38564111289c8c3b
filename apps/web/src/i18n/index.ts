import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettingsStore } from '../stores/settings.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: useSettingsStore.getState().language,
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

useSettingsStore.subscribe((s, prev) => {
  if (s.language !== prev.language) void i18n.changeLanguage(s.language);
});

export default i18n;
