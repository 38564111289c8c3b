import { Suspense, lazy, useEffect, useState, type ComponentProps } from 'react';
import { whenIdle } from '../../../lib/idle.ts';
import type { AmountPopup as AmountPopupComponent } from './AmountPopup.tsx';
import type { CategoryPicker as CategoryPickerComponent } from './CategoryPicker.tsx';
import type { ExtendSheet as ExtendSheetComponent } from './ExtendSheet.tsx';
import type { PurchaseSheet as PurchaseSheetComponent } from '../../commerce/components/PurchaseSheet.tsx';

const loadAmountPopup = () => import('./AmountPopup.tsx');
const loadCategoryPicker = () => import('./CategoryPicker.tsx');
const loadExtendSheet = () => import('./ExtendSheet.tsx');
const loadConfirm = () => import('../../../app/confirm.tsx');
const AmountPopupImpl = lazy(() => loadAmountPopup().then((m) => ({ default: m.AmountPopup })));
const CategoryPickerImpl = lazy(() => loadCategoryPicker().then((m) => ({ default: m.CategoryPicker })));
const ExtendSheetImpl = lazy(() => loadExtendSheet().then((m) => ({ default: m.ExtendSheet })));
// The advanced budgets' purchase (the commerce area's sheet), with its code, texts and calls on first opening.
const PurchaseSheetImpl = lazy(() => import('../../commerce/components/PurchaseSheet.tsx').then((m) => ({ default: m.PurchaseSheet })));

/**
 * The budget screens' popups, sheets and confirmations carry antd-mobile's popup,
 * dialog and input code: they load once the screen is drawn (`ready`) and the browser
 * is idle, so the screen comes first and a tap still opens them at once.
 */
export function usePrefetchBudgetPopups(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    whenIdle(() => void Promise.all([loadAmountPopup(), loadCategoryPicker(), loadConfirm()]).catch(() => undefined));
  }, [ready]);
}

/** Asks before something destructive (app/confirm.tsx), its code loaded on first use. */
export async function confirmDestructive(content: string, confirmText: string): Promise<boolean> {
  return (await loadConfirm()).confirmDestructive(content, confirmText);
}

/** Mounted while open. */
export function AmountPopup(props: ComponentProps<typeof AmountPopupComponent>) {
  return (
    <Suspense fallback={null}>
      <AmountPopupImpl {...props} />
    </Suspense>
  );
}

/** Mounted from the first opening on, so closing still animates. */
function useOpened(visible: boolean): boolean {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  return opened;
}

export function CategoryPicker(props: ComponentProps<typeof CategoryPickerComponent>) {
  if (!useOpened(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <CategoryPickerImpl {...props} />
    </Suspense>
  );
}

export function ExtendSheet(props: ComponentProps<typeof ExtendSheetComponent>) {
  if (!useOpened(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <ExtendSheetImpl {...props} />
    </Suspense>
  );
}

export function PurchaseSheet(props: ComponentProps<typeof PurchaseSheetComponent>) {
  if (!useOpened(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <PurchaseSheetImpl {...props} />
    </Suspense>
  );
}
