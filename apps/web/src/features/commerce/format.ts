import { i18n } from '../../i18n/index.ts';
import { deviceZone, zoneFormat } from '../../lib/book-clock.ts';
import { formatAmount } from '../../lib/format.ts';
import '../../i18n/commerce.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };

/** A moment of the caller's own trades, on the phone's clock (a wallet belongs to no book): "2026/8/15 20:05". */
export const formatMoment = (ms: number): string => zoneFormat(i18n.language, deviceZone(), DATE_TIME).format(ms);
export const formatDay = (ms: number): string => zoneFormat(i18n.language, deviceZone(), DATE).format(ms);

/** "12.00 香蕉贝" / "12.00 banana shells". */
export const shells = (amount: string): string => i18n.t('commerce.shells', { amount: formatAmount(amount) });
/** "¥12.00" / "CNY 12.00". */
export const yuan = (amount: string): string => i18n.t('commerce.yuan', { amount: formatAmount(amount) });
