import { Suspense, lazy, useState, type ComponentProps } from 'react';
import type { PayDialog as PayDialogComponent } from './PayDialog.tsx';

// The pay dialog (antd-mobile's popup, commerce's payment) loads when it first opens, or once the page is idle.
const loadPayDialog = () => import('./PayDialog.tsx');
const PayDialogImpl = lazy(() => loadPayDialog().then((m) => ({ default: m.PayDialog })));

/** Starts loading the pay dialog's code, so a tap on "buy" opens it at once. */
export const prefetchPayDialog = (): void => void loadPayDialog().catch(() => undefined);

/** Mounted from its first opening on, so closing still animates. */
export function PayDialog(props: ComponentProps<typeof PayDialogComponent>) {
  const [opened, setOpened] = useState(props.visible);
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PayDialogImpl {...props} />
    </Suspense>
  );
}
