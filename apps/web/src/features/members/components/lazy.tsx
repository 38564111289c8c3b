import { Suspense, lazy, useEffect, useState, type ComponentProps } from 'react';
import { whenIdle } from '../../../lib/idle.ts';
import type { MemberPopup as MemberPopupComponent } from './MemberPopup.tsx';
import type { RoleForm as RoleFormComponent } from './RoleForm.tsx';
import type { RolePicker as RolePickerComponent } from './RolePicker.tsx';

const loadRolePicker = () => import('./RolePicker.tsx');
const loadMemberPopup = () => import('./MemberPopup.tsx');
const loadRoleForm = () => import('./RoleForm.tsx');
const loadConfirm = () => import('../../../app/confirm.tsx');
const RolePickerImpl = lazy(() => loadRolePicker().then((m) => ({ default: m.RolePicker })));
const MemberPopupImpl = lazy(() => loadMemberPopup().then((m) => ({ default: m.MemberPopup })));
const RoleFormImpl = lazy(() => loadRoleForm().then((m) => ({ default: m.RoleForm })));

/**
 * The members screens' popups, sheets and confirmations carry antd-mobile's popup,
 * dialog and animation code: they load once the screen is drawn (`ready`) and the
 * browser is idle, so the screen comes first and a tap still opens them at once.
 */
export function usePrefetchMemberPopups(ready: boolean, screen: 'members' | 'roles'): void {
  useEffect(() => {
    if (!ready) return;
    const loads = screen === 'members' ? [loadRolePicker, loadMemberPopup, loadConfirm] : [loadRoleForm, loadConfirm];
    whenIdle(() => void Promise.all(loads.map((l) => l())).catch(() => undefined));
  }, [ready, screen]);
}

/** Asks before something destructive (app/confirm.tsx), its code loaded on first use. */
export async function confirmDestructive(content: string, confirmText: string): Promise<boolean> {
  return (await loadConfirm()).confirmDestructive(content, confirmText);
}

/** Mounted from the first opening on, so closing still animates. */
export function RolePicker(props: ComponentProps<typeof RolePickerComponent>) {
  const [opened, setOpened] = useState(props.visible);
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RolePickerImpl {...props} />
    </Suspense>
  );
}

export function MemberPopup(props: ComponentProps<typeof MemberPopupComponent>) {
  return (
    <Suspense fallback={null}>
      <MemberPopupImpl {...props} />
    </Suspense>
  );
}

export function RoleForm(props: ComponentProps<typeof RoleFormComponent>) {
  return (
    <Suspense fallback={null}>
      <RoleFormImpl {...props} />
    </Suspense>
  );
}
