import i18n from '../../i18n/index.ts';
import { zoneFormat } from '../../lib/book-clock.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };

/** A record's or an import's moment on the book's clock, in the reader's language. */
export const formatMoment = (ms: number, timeZone: string | undefined): string =>
  zoneFormat(i18n.language === 'en' ? 'en' : 'zh-CN', timeZone ?? '', DATE_TIME).format(ms);

/** Counts with thousands separators (a file may hold 200,000 rows). */
export const count = (n: number): string => n.toLocaleString(i18n.language === 'en' ? 'en' : 'zh-CN');
