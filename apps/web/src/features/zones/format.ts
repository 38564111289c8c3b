import type { Migration } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import { deviceZone, zoneFormat } from '../../lib/book-clock.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * A moment on the phone's clock ("2026/11/26 20:05"): a server's answers and a migration
 * belong to no book's time zone, so they are read as the reader's own time.
 */
export const when = (ms: number): string => zoneFormat(i18n.language, deviceZone(), DATE_TIME).format(ms);

/** A count with the reader's thousands separators ("10,000"). */
export const count = (n: number): string => n.toLocaleString(i18n.language);

/** How far a migration is, 0 to 100: rows and images together, as one bar shows them. */
export function percentOf(m: Migration): number {
  // Past the copy (verifying, cutting over, done) everything is there, an empty book too.
  if (m.status === 'verifying' || m.status === 'cut_over' || m.status === 'done') return 100;
  const total = m.rows_total + m.images_total;
  if (total <= 0) return 0;
  return Math.min(100, Math.floor(((m.rows_copied + m.images_copied) / total) * 100));
}
