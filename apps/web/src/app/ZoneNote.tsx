import { useState } from 'react';
import { zoneNote } from '../lib/book-clock.ts';
import { useTranslation } from '../i18n/index.ts';
import '../i18n/clock.ts';

/**
 * "Times in the book's time zone, UTC+8": one line over a screen's book times, shown
 * only when the book's clock is not the phone's (docs/statistics.md, "One clock per book").
 */
export function ZoneNote({ timeZone, testId = 'zone-note' }: { timeZone: string | undefined; testId?: string }) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const zone = zoneNote(timeZone, now);
  if (!zone) return null;
  return (
    <div className="zone-note" data-testid={testId}>
      {t('clock.note', { offset: zone })}
    </div>
  );
}
