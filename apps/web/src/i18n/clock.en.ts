import type { clockZhCN } from './clock.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** One clock per book in English: loaded with the screens that name a book's zone. */
export const clockEn: Texts<typeof clockZhCN> = {
  note: "Times in the book's time zone (UTC{{offset}})",
  zone: 'Book time (UTC{{offset}})',
};
