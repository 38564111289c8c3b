import { confirmDialog } from '../../app/confirm.tsx';
import i18n from '../../i18n/index.ts';

export { confirmDestructive } from '../../app/confirm.tsx';

/** Asks before marking every message read (not destructive: no red). */
export function confirmReadAll(): Promise<boolean> {
  return confirmDialog({
    content: <span data-testid="messages-read-all-question">{i18n.t('messages.readAllConfirm')}</span>,
    confirmText: <span data-testid="messages-read-all-confirm">{i18n.t('messages.readAll')}</span>,
  });
}
