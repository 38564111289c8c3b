import type { Locale } from './message-def.ts';

/** A default nickname as either language makes it: 用户1234 or User 1234. */
const DEFAULT_NICKNAME = /^(?:用户|User )([0-9]{4})$/;

/**
 * A new user's first nickname: 用户 or User and the last four digits of their phone,
 * in the language they signed up in (docs/ui.md, "Language").
 */
export function defaultNickname(phone: string, locale: Locale): string {
  const digits = phone.slice(-4);
  return locale === 'en' ? `User ${digits}` : `用户${digits}`;
}

/**
 * A nickname as a reader of `language` sees it: a default one (stored in the language its
 * owner signed up in) in the reader's language, any other exactly as its owner wrote it.
 */
export function shownNickname(nickname: string, language: string): string {
  const m = DEFAULT_NICKNAME.exec(nickname);
  return m ? defaultNickname(m[1]!, language === 'en' ? 'en' : 'zh-CN') : nickname;
}
