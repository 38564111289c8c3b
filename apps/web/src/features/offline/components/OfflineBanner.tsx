import { useTranslation } from '../../../i18n/index.ts';
import { useOnline, useOutbox } from '../useOutbox.ts';
import '../offline.css';
import '../../../i18n/offline.ts';

/**
 * Says the app is offline and how many records wait to be sent (dashboard, flow): shown
 * offline, or online while writes wait (they are on their way) or were refused.
 */
export function OfflineBanner({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const items = useOutbox(bookId);
  const waiting = items.filter((i) => i.state !== 'failed').length;
  const failed = items.length - waiting;
  if (online && !items.length) return null;
  const text = !online
    ? waiting
      ? t('offline.bannerWaiting', { count: waiting })
      : t('offline.banner')
    : waiting
      ? t('offline.waitingOnline', { count: waiting })
      : t('offline.failedCount', { count: failed });
  return (
    <div className={`offline-banner${failed && online && !waiting ? ' failed' : ''}`} role="status" data-testid="offline-banner">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span>{text}</span>
    </div>
  );
}
