import { Suspense, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import type { DateOrderSheet as DateOrderSheetComponent } from './DateOrderSheet.tsx';
import type { ItemPicker as ItemPickerComponent } from './ItemPicker.tsx';
import type { PasswordPopup as PasswordPopupComponent } from './PasswordPopup.tsx';
import type { RowsPopup as RowsPopupComponent } from './RowsPopup.tsx';

// The popups (antd-mobile's popup and its animation code, some 25 KB) load when one first opens:
// most imports never ask for a password, and the rows and pickers wait for a tap.
const PasswordImpl = lazy(() => import('./PasswordPopup.tsx').then((m) => ({ default: m.PasswordPopup })));
const DateOrderImpl = lazy(() => import('./DateOrderSheet.tsx').then((m) => ({ default: m.DateOrderSheet })));
const RowsImpl = lazy(() => import('./RowsPopup.tsx').then((m) => ({ default: m.RowsPopup })));
const PickerImpl = lazy(() => import('./ItemPicker.tsx').then((m) => ({ default: m.ItemPicker })));

/** Mounted from its first opening on, so closing still animates. */
function mountedOnceOpened<P extends object>(Impl: ComponentType<P>, isOpen: (p: P) => boolean) {
  return function Popup(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

export const PasswordPopup = mountedOnceOpened<ComponentProps<typeof PasswordPopupComponent>>(PasswordImpl, (p) => p.visible);
export const DateOrderSheet = mountedOnceOpened<ComponentProps<typeof DateOrderSheetComponent>>(DateOrderImpl, (p) => p.visible);
export const RowsPopup = mountedOnceOpened<ComponentProps<typeof RowsPopupComponent>>(RowsImpl, (p) => p.kind !== undefined);
export const ItemPicker = mountedOnceOpened<ComponentProps<typeof ItemPickerComponent>>(PickerImpl, (p) => p.request !== undefined);
