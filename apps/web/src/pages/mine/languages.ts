import type { Language } from '../../stores/settings.ts';

/** Each language named in itself, so anyone finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };
