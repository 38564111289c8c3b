import { DEFAULT_ENVIRONMENT, type EnvironmentName } from '@cab/contracts/client';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys.ts';

export type Language = 'zh-CN' | 'en';

export interface SettingsState {
  language: Language;
  amountHidden: boolean;
  /** Server time minus local time, from /server/info. */
  clockGap: number;
  environment: EnvironmentName;
  setLanguage: (l: Language) => void;
  setAmountHidden: (v: boolean) => void;
  setClockGap: (gap: number) => void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      language: 'zh-CN',
      amountHidden: false,
      clockGap: 0,
      environment: DEFAULT_ENVIRONMENT,
      setLanguage: (language) => set({ language }),
      setAmountHidden: (amountHidden) => set({ amountHidden }),
      setClockGap: (clockGap) => set({ clockGap }),
    }),
    { name: STORAGE_KEYS.settings, storage: createJSONStorage(() => localStorage) },
  ),
);
