import { Dialog } from 'antd-mobile';
import i18n from '../../i18n/index.ts';

export { confirmDestructive } from '../../app/confirm.tsx';

/** Asks before marking every message read (not destructive: no red). */
export function confirmReadAll(): Promise<boolean> {
  return Dialog.confirm({
    content: i18n.t('messages.readAllConfirm'),
    confirmText: <span data-testid="messages-read-all-confirm">{i18n.t('messages.readAll')}</span>,
    cancelText: <span data-testid="confirm-cancel">{i18n.t('common.cancel')}</span>,
  });
}
