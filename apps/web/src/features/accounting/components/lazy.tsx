import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { whenIdle } from '../../../lib/idle.ts';
import { useUserStore } from '../../../stores/user.ts';
import { pickerStyleQuery } from '../picker-style.ts';
import type { DatePopup as DateComponent } from './DatePopup.tsx';
import type { Sheet as SheetComponent } from '../../../app/Sheet.tsx';
import type { EditPopup as EditPopupComponent } from '../../../app/EditPopup.tsx';
import type { AccountForm as AccountFormComponent } from './AccountForm.tsx';
import type { ManageActions as ManageActionsComponent } from './ManageActions.tsx';
import type { PickerProps } from './PickerPopup.tsx';
import type { TemplatePopup as TemplateComponent } from './TemplatePopup.tsx';

const loadPicker = () => import('./PickerPopup.tsx');
const loadDate = () => import('./DatePopup.tsx');
const loadTemplates = () => import('./TemplatePopup.tsx');
const loadSheet = () => import('../../../app/Sheet.tsx');
const PickerImpl = lazy(loadPicker);
const DateImpl = lazy(loadDate);
const TemplatesImpl = lazy(loadTemplates);
const SheetImpl = lazy(() => loadSheet().then((m) => ({ default: m.Sheet })));

/**
 * The form's popups (pickers, date, templates) carry antd-mobile's popup and picker
 * code; they load once the form is drawn and the browser is idle, so the form comes
 * first and a tap still opens them at once; the user's picker style comes with them.
 */
export function usePrefetchRecordPopups(ready: boolean): void {
  const qc = useQueryClient();
  const userId = useUserStore((s) => s.user?.userid ?? '');
  useEffect(() => {
    if (ready)
      whenIdle(
        () =>
          void Promise.all([loadPicker(), loadDate(), loadTemplates(), loadSheet(), import('../offline-save.ts')]).catch(() => undefined),
      );
    // The picker style too, so the first picker opens in it at once.
    if (ready && userId) void qc.prefetchQuery(pickerStyleQuery(userId));
  }, [ready, qc, userId]);
}

/** Mounted from its first opening on, so closing still animates. */
function opened<P extends { visible: boolean }>(Impl: ComponentType<P>) {
  return function Opened(props: P) {
    const [seen, setSeen] = useState(props.visible);
    if (props.visible && !seen) setSeen(true);
    if (!seen) return null;
    return (
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

export const PickerPopup = opened<PickerProps>(PickerImpl);
export const DatePopup = opened<ComponentProps<typeof DateComponent>>(DateImpl);
export const TemplatePopup = opened<ComponentProps<typeof TemplateComponent>>(TemplatesImpl);
/** The image source sheet (camera or album): antd-mobile's popup, loaded like the others. */
export const Sheet = opened<ComponentProps<typeof SheetComponent>>(SheetImpl);

// Popups shown only after a tap on the search and management pages; each is mounted only while it shows.
const EditPopupImpl = lazy(() => import('../../../app/EditPopup.tsx').then((m) => ({ default: m.EditPopup })));
const AccountFormImpl = lazy(() => import('./AccountForm.tsx').then((m) => ({ default: m.AccountForm })));
const ManageActionsImpl = lazy(() => import('./ManageActions.tsx').then((m) => ({ default: m.ManageActions })));

function suspended<P extends object>(Impl: ComponentType<P>) {
  return function Suspended(props: P) {
    return (
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

export const EditPopup = suspended<ComponentProps<typeof EditPopupComponent>>(EditPopupImpl);
export const AccountForm = suspended<ComponentProps<typeof AccountFormComponent>>(AccountFormImpl);
/** The item actions stay mounted once opened, so the sheet animates and its follow-up popups keep their state. */
export function ManageActions(props: ComponentProps<typeof ManageActionsComponent>) {
  const [seen, setSeen] = useState(Boolean(props.row));
  if (props.row && !seen) setSeen(true);
  if (!seen) return null;
  return (
    <Suspense fallback={null}>
      <ManageActionsImpl {...props} />
    </Suspense>
  );
}
