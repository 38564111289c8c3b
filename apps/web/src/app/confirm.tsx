import { Dialog } from 'antd-mobile';
import i18n from '../i18n/index.ts';

/**
 * Asks before something destructive (docs/ui.md): the destructive choice is red, as in
 * the sheet that led here. Leaving the page (back, a link) answers no and closes the
 * question, which would otherwise stay over the next page.
 */
export function confirmDestructive(content: string, confirmText: string, testId = 'confirm-danger'): Promise<boolean> {
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
            text: <span data-testid={testId}>{confirmText}</span>,
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
