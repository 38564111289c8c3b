import { Dialog } from 'antd-mobile';
import i18n from '../../i18n/index.ts';

/**
 * Asks before something destructive (docs/ui.md): the destructive choice is red.
 * Leaving the page answers no and closes the question, which would otherwise stay
 * over the next page. Loaded with the screens that delete, not with the first load.
 */
export function confirmDanger(content: string, confirmText: string): Promise<boolean> {
  return new Promise((resolve) => {
    const left = () => {
      handler.close();
      resolve(false);
    };
    const handler = Dialog.show({
      content,
      closeOnAction: true,
      onClose: () => {
        window.removeEventListener('hashchange', left);
        resolve(false);
      },
      actions: [
        [
          { key: 'cancel', text: <span data-testid="confirm-cancel">{i18n.t('common.cancel')}</span>, onClick: () => resolve(false) },
          {
            key: 'confirm',
            text: <span data-testid="confirm-danger">{confirmText}</span>,
            danger: true,
            bold: true,
            onClick: () => resolve(true),
          },
        ],
      ],
    });
    window.addEventListener('hashchange', left, { once: true });
  });
}
