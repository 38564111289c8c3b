import type { TemplateSummary } from '@cab/contracts/client';
import type { BookActionsProps } from './BookActions.tsx';
import { Suspense, lazy, useEffect, useState } from 'react';
import { onFirstInteraction } from '../../../lib/idle.ts';

const loadTemplatePopup = () => import('./TemplatePopup.tsx');
const loadBookActions = () => import('./BookActions.tsx');
const TemplatePopupImpl = lazy(() => loadTemplatePopup().then((m) => ({ default: m.TemplatePopup })));
const BookActionsImpl = lazy(() => loadBookActions().then((m) => ({ default: m.BookActions })));

/**
 * The book popups (template picker, action sheet) carry antd-mobile's popup and
 * animation code; a book list loads them at the user's first touch once it is drawn
 * (`ready`): the list comes first, a visit that only looks never loads them, and the
 * touch that opens one has started its download.
 */
export function usePrefetchBookPopups(ready: boolean): void {
  useEffect(() => {
    if (ready) onFirstInteraction(() => void Promise.all([loadTemplatePopup(), loadBookActions()]).catch(() => undefined));
  }, [ready]);
}

/** Mounted from the first opening on, so closing still animates. A `template` opens it at the name step. */
export function TemplatePopup({
  visible,
  onClose,
  template,
}: {
  visible: boolean;
  onClose: () => void;
  template?: TemplateSummary | undefined;
}) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <TemplatePopupImpl visible={visible} onClose={onClose} template={template} />
    </Suspense>
  );
}

export function BookActions({ book, onClose, onSettingsPage, onInvite }: BookActionsProps) {
  if (!book) return null;
  return (
    <Suspense fallback={null}>
      <BookActionsImpl book={book} onClose={onClose} onSettingsPage={onSettingsPage} {...(onInvite ? { onInvite } : {})} />
    </Suspense>
  );
}
