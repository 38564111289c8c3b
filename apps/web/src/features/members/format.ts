import { i18n } from '../../i18n/index.ts';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${i18n.language}:${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(i18n.language, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      ...(kind === 'dateTime' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** A day in the user's locale ("2026/8/15"). */
export const formatDate = (ms: number): string => format('date').format(ms);
/** A moment in the user's locale ("2026/8/15 20:05"). */
export const formatDateTime = (ms: number): string => format('dateTime').format(ms);
