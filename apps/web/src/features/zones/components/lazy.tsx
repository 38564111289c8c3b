import { Suspense, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import type { MigratePopup as MigratePopupComponent } from './MigratePopup.tsx';
import type { RegisterPopup as RegisterPopupComponent } from './RegisterPopup.tsx';
import type { StatusPopup as StatusPopupComponent } from './StatusPopup.tsx';

// The popups (antd-mobile's popup and its animation code) load when one first opens, or once the page is idle.
const loadRegister = () => import('./RegisterPopup.tsx');
const loadMigrate = () => import('./MigratePopup.tsx');
const loadStatus = () => import('./StatusPopup.tsx');
const RegisterImpl = lazy(() => loadRegister().then((m) => ({ default: m.RegisterPopup })));
const MigrateImpl = lazy(() => loadMigrate().then((m) => ({ default: m.MigratePopup })));
const StatusImpl = lazy(() => loadStatus().then((m) => ({ default: m.StatusPopup })));

/** Starts loading the popups' code, so a tap opens one at once. */
export const prefetchPopups = (): void => void Promise.all([loadRegister(), loadMigrate(), loadStatus()]).catch(() => undefined);

/** Mounted from its first opening on, so closing still animates. */
function mountedOnceOpened<P extends { visible: boolean }>(Impl: ComponentType<P>) {
  return function Popup(props: P) {
    const [opened, setOpened] = useState(props.visible);
    if (props.visible && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

export const RegisterPopup = mountedOnceOpened<ComponentProps<typeof RegisterPopupComponent>>(RegisterImpl);
export const MigratePopup = mountedOnceOpened<ComponentProps<typeof MigratePopupComponent>>(MigrateImpl);
export const StatusPopup = mountedOnceOpened<ComponentProps<typeof StatusPopupComponent>>(StatusImpl);
