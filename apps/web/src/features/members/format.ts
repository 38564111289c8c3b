import { i18n } from '../../i18n/index.ts';
import { deviceZone, zoneFormat } from '../../lib/book-clock.ts';

const OPTIONS: Record<'date' | 'dateTime', Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/**
 * A day in the user's locale ("2026/8/15"), on a book's clock when it is about a book
 * (lib/book-clock.ts), else the phone's.
 */
export const formatDate = (ms: number, timeZone?: string): string =>
  zoneFormat(i18n.language, timeZone ?? deviceZone(), OPTIONS.date).format(ms);
/** A moment in the user's locale ("2026/8/15 20:05"), on a book's clock when it is about a book, else the phone's. */
export const formatDateTime = (ms: number, timeZone?: string): string =>
  zoneFormat(i18n.language, timeZone ?? deviceZone(), OPTIONS.dateTime).format(ms);
