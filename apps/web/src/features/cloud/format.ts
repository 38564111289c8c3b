import { i18n } from '../../i18n/index.ts';
import { zoneFormat } from '../../lib/book-clock.ts';
import { formatMb } from '../../lib/space.ts';
import '../../i18n/cloud.ts';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** MB in the reader's language: "100 MB", "1 GB". */
export const size = (mb: number | string): string => formatMb(mb, i18n.language);

/**
 * The last day of a grant, in the book's time zone: a grant ends at the midnight after its
 * last day (docs/cloud.md), so the day shown is the one before that instant.
 */
export const lastDay = (endsAt: number, timeZone: string): string => zoneFormat(i18n.language, timeZone, DATE).format(endsAt - 1);

/** A moment in the book's time zone ("2026/11/26 20:05"). */
export const moment = (ms: number, timeZone: string): string => zoneFormat(i18n.language, timeZone, DATE_TIME).format(ms);

/** "剩 12 天" / "今天到期": whole days left in the book's time zone (0 on the last day). */
export const daysLeft = (days: number): string =>
  days <= 0 ? i18n.t('cloud.grants.endsToday') : i18n.t('cloud.grants.daysLeft', { count: days });
