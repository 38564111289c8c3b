import { Suspense, lazy, useState } from 'react';
import '../../i18n/export-book.ts';

// The sheet, its texts, download code and styles load when it is first opened. This hook
// and the flow's button (ExportButton.tsx) each hold their own few lines: a module both
// pages imported would be a chunk of its own, and its name would join the preload map
// that every first load carries.
const ExportSheet = lazy(() => import('./ExportSheet.tsx'));

/** The book settings' export: the whole book (and, for its owner, its archive). `open` shows the sheet, `element` draws it (kept once closed, to slide away). */
export function useBookExport(bookId: string, owned = false) {
  const [sheet, setSheet] = useState<'closed' | 'open' | 'shut'>('closed');
  const element =
    sheet === 'closed' ? null : (
      <Suspense fallback={null}>
        <ExportSheet bookId={bookId} archive={owned} visible={sheet === 'open'} onClose={() => setSheet('shut')} />
      </Suspense>
    );
  return { open: () => setSheet('open'), element };
}
