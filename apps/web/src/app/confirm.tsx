import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import i18n from '../i18n/index.ts';
import { registerDialog } from './dialogs.ts';
// Dialog.show renders through antd-mobile's render hook: set it up with the code that needs it.
import './react19-compat.ts';

export interface ConfirmOptions {
  content: ReactNode;
  confirmText: ReactNode;
  cancelText?: ReactNode;
  /** A destructive choice is red (docs/ui.md). */
  danger?: boolean;
}

/**
 * Asks a question with a cancel and a confirm. Leaving the page (back, a link) answers
 * no and closes the question, which would otherwise stay over the next page: the shell
 * closes it (app/dialogs.ts).
 */
export function confirmDialog({ content, confirmText, cancelText, danger = false }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      forget();
      resolve(yes);
    };
    const handler = Dialog.show({
      content,
      closeOnAction: true,
      onClose: () => answer(false),
      actions: [
        [
          {
            key: 'cancel',
            text: cancelText ?? <span data-testid="confirm-cancel">{i18n.t('common.cancel')}</span>,
            onClick: () => answer(false),
          },
          { key: 'confirm', text: confirmText, danger, bold: true, onClick: () => answer(true) },
        ],
      ],
    });
    const forget = registerDialog(() => {
      handler.close();
      answer(false);
    });
  });
}

/** Tells something with one button; it too closes with its page. */
export function alertDialog(content: ReactNode, confirmText: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    const handler = Dialog.show({
      content,
      closeOnAction: true,
      onClose: () => {
        forget();
        resolve();
      },
      actions: [{ key: 'confirm', text: confirmText }],
    });
    const forget = registerDialog(() => handler.close());
  });
}

/** Asks before something destructive (docs/ui.md): the destructive choice is red, as in the sheet that led here. */
export function confirmDestructive(content: string, confirmText: string, testId = 'confirm-danger'): Promise<boolean> {
  return confirmDialog({ content, confirmText: <span data-testid={testId}>{confirmText}</span>, danger: true });
}
