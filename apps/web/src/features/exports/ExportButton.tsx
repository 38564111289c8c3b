import { Suspense, lazy, useState } from 'react';
import { PathIcon } from '../../app/icons.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/flow.ts';
import type { ExportFilter } from './api.ts';

// Loaded when first pressed (and kept apart from useBookExport.tsx: see there why).
const ExportSheet = lazy(() => import('./ExportSheet.tsx'));

/** An arrow down onto a tray: a file to keep. */
const DOWNLOAD = 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14';

/** The flow page's export action: an icon in its top bar, opening the sheet with the flow's filter. */
export function ExportButton({ bookId, filter, className }: { bookId: string; filter?: ExportFilter | undefined; className?: string }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<'closed' | 'open' | 'shut'>('closed');
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('flow.export')}
        data-testid="flow-export"
        disabled={!bookId}
        onClick={() => setSheet('open')}
      >
        <PathIcon d={DOWNLOAD} name="download" size={22} />
      </button>
      {sheet !== 'closed' && (
        <Suspense fallback={null}>
          <ExportSheet bookId={bookId} filter={filter} visible={sheet === 'open'} onClose={() => setSheet('shut')} />
        </Suspense>
      )}
    </>
  );
}
