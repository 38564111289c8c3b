import { useSyncExternalStore } from 'react';
import { useSettingsStore, type Language } from '../stores/settings.ts';
import type { accountingZhCN } from './accounting.zh-CN.ts';
import type { activityZhCN } from './activity.zh-CN.ts';
import type { budgetsZhCN } from './budgets.zh-CN.ts';
import type { clockZhCN } from './clock.zh-CN.ts';
import type { cloudZhCN } from './cloud.zh-CN.ts';
import type { commerceZhCN } from './commerce.zh-CN.ts';
import type { communityZhCN } from './community.zh-CN.ts';
import type { contentZhCN } from './content.zh-CN.ts';
import type { exportBookZhCN } from './export-book.zh-CN.ts';
import type { exportsZhCN } from './exports.zh-CN.ts';
import type { flowSearchZhCN } from './flow-search.zh-CN.ts';
import type { flowZhCN } from './flow.zh-CN.ts';
import type { hostZhCN } from './host.zh-CN.ts';
import type { importsZhCN } from './imports.zh-CN.ts';
import type { invitationsZhCN } from './invitations.zh-CN.ts';
import type { marketZhCN } from './market.zh-CN.ts';
import type { membersZhCN } from './members.zh-CN.ts';
import type { messagesZhCN } from './messages.zh-CN.ts';
import type { offlineZhCN } from './offline.zh-CN.ts';
import type { placesZhCN } from './places.zh-CN.ts';
import type { recordZhCN } from './record.zh-CN.ts';
import type { mineLinksZhCN } from './mine-links.zh-CN.ts';
import type { zonesZhCN } from './zones.zh-CN.ts';
import { zhCN, type Resources, type Texts } from './zh-CN.ts';

/**
 * The app's translations: nested texts per language, `{{name}}` placeholders, and
 * plural forms chosen by Intl.PluralRules (`key_one` / `key_other` beside `key` when
 * a `count` is given). It is all the app needs of an i18n library, in about 1 KB
 * instead of i18next's 13 KB of the first load (docs/performance.md).
 */

/**
 * Areas with many texts keep them in sections of their own, which load with the area's
 * screens instead of the first load (`registerSection`, called by the section's module).
 */
export interface Sections {
  accounting: (typeof accountingZhCN)['accounting'];
  album: (typeof accountingZhCN)['album'];
  search: (typeof accountingZhCN)['search'];
  manage: (typeof accountingZhCN)['manage'];
  activity: typeof activityZhCN;
  budgets: typeof budgetsZhCN;
  clock: typeof clockZhCN;
  cloud: typeof cloudZhCN;
  commerce: typeof commerceZhCN;
  community: typeof communityZhCN;
  content: typeof contentZhCN;
  exportBook: typeof exportBookZhCN;
  exports: typeof exportsZhCN;
  flow: typeof flowZhCN;
  flowSearch: typeof flowSearchZhCN;
  host: typeof hostZhCN;
  imports: typeof importsZhCN;
  invitations: typeof invitationsZhCN;
  market: typeof marketZhCN;
  members: typeof membersZhCN;
  messages: typeof messagesZhCN;
  offline: typeof offlineZhCN;
  places: typeof placesZhCN;
  record: typeof recordZhCN;
  mineLinks: typeof mineLinksZhCN;
  zones: typeof zonesZhCN;
}
export type SectionName = keyof Sections;

/** Every dotted path to a text in the resources, e.g. 'books.members'. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type TKey = Leaves<typeof zhCN & Sections>;
export type TVars = Record<string, string | number>;

// Chinese ships with the first load; English loads when chosen.
const bundles: Partial<Record<Language, Resources>> = { 'zh-CN': zhCN };
let language: Language = 'zh-CN';
const listeners = new Set<() => void>();
// Bumped whenever texts change (a language, or a section's English arriving), so screens re-render.
let version = 0;

type SectionTexts = { [N in SectionName]?: Texts<Sections[N]> };
const sectionTexts: Partial<Record<Language, SectionTexts>> = { 'zh-CN': {} };
const englishLoaders = new Map<SectionName, () => Promise<Texts<Sections[SectionName]>>>();

function notify() {
  version++;
  for (const l of listeners) l();
}

function loadEnglishSection(name: SectionName): Promise<void> {
  const load = englishLoaders.get(name);
  if (!load || sectionTexts.en?.[name]) return Promise.resolve();
  return load().then((texts) => {
    (sectionTexts.en ??= {})[name] = texts as never;
    if (language === 'en') notify();
  });
}

/**
 * Adds an area's texts: Chinese at once, English when it is (or becomes) the language.
 * Until the English texts arrive their keys show in Chinese, for a moment.
 */
export function registerSection<N extends SectionName>(name: N, zh: Sections[N], loadEnglish: () => Promise<Texts<Sections[N]>>): void {
  (sectionTexts['zh-CN'] ??= {})[name] = zh as never;
  englishLoaders.set(name, loadEnglish as () => Promise<Texts<Sections[SectionName]>>);
  if (language === 'en') void loadEnglishSection(name).catch(() => undefined);
}

function lookupIn(lang: Language, key: string): string | undefined {
  const dot = key.indexOf('.');
  const head = key.slice(0, dot);
  if (Object.hasOwn(sectionTexts[lang] ?? {}, head)) return lookup(sectionTexts[lang]?.[head as SectionName], key.slice(dot + 1));
  return lookup(bundles[lang], key);
}

function lookup(res: unknown, key: string): string | undefined {
  let node: unknown = res;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function translate(key: TKey, vars?: TVars): string {
  let path: string = key;
  if (vars && typeof vars.count === 'number') {
    const form = `${key}_${new Intl.PluralRules(language).select(vars.count)}`;
    if (lookupIn(language, form) ?? lookupIn('zh-CN', form)) path = form;
  }
  // A text missing in the chosen language falls back to Chinese, then to its key.
  const text = lookupIn(language, path) ?? lookupIn('zh-CN', path) ?? key;
  return vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

export const i18n = {
  get language(): Language {
    return language;
  },
  t: translate,
};

/** Loads a language's texts if needed, then switches every screen to it. */
export async function loadLanguage(next: Language): Promise<void> {
  if (!bundles[next] && next === 'en') {
    const [core] = await Promise.all([
      import('./en.ts'),
      ...[...englishLoaders.keys()].map((n) => loadEnglishSection(n).catch(() => undefined)),
    ]);
    bundles.en = core.en;
  }
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === language) return;
  language = next;
  // Sections registered while the core texts were loading have not fetched their English yet.
  if (next === 'en') for (const n of englishLoaders.keys()) void loadEnglishSection(n).catch(() => undefined);
  notify();
}

useSettingsStore.subscribe((s, prev) => {
  if (s.language !== prev.language) void loadLanguage(s.language);
});

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The texts of the current language; a component re-renders when the language changes. */
export function useTranslation(): { t: typeof translate; i18n: typeof i18n } {
  useSyncExternalStore(subscribe, () => version);
  return { t: translate, i18n };
}

export default i18n;
