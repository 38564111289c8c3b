import type { ReactNode } from 'react';
import type { ConfirmOptions } from '../../app/confirm.tsx';

/**
 * The cloud screens' questions (app/confirm.tsx): antd-mobile's dialog and its animation
 * code load on the first question, so the screens draw without them.
 */
const loadConfirm = () => import('../../app/confirm.tsx');

export const confirmDialog = async (o: ConfirmOptions): Promise<boolean> => (await loadConfirm()).confirmDialog(o);

/** Asks before something destructive: the destructive choice is red (docs/ui.md). */
export const confirmDestructive = async (content: string, confirmText: string, testId?: string): Promise<boolean> =>
  (await loadConfirm()).confirmDestructive(content, confirmText, testId);

export const alertDialog = async (content: ReactNode, confirmText: ReactNode): Promise<void> =>
  (await loadConfirm()).alertDialog(content, confirmText);

/** Starts loading the dialogs' code (once a screen is drawn), so a tap asks at once. */
export const prefetchDialogs = (): void => void loadConfirm().catch(() => undefined);
