import type { Operation } from '@cab/contracts/client';
import { Modal } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/content.ts';
import { operationLink, operationText } from '../operations.ts';
import '../content.css';
import { useFollowLink } from './useFollowLink.ts';

/** Home's operation popup as shown: its picture, title and text, and a button that follows its link or closes it. */
export default function WelcomeModal({ popup, onClose }: { popup: Operation; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const follow = useFollowLink();
  const { title, text } = operationText(popup, i18n.language);
  const linked = operationLink(popup.link) !== undefined;
  return (
    <Modal
      visible
      className="operation-popup"
      {...(popup.image ? { image: popup.image } : {})}
      title={<span data-testid="home-popup-title">{title}</span>}
      content={<div className="operation-popup-text">{text}</div>}
      showCloseButton
      closeOnMaskClick
      onClose={onClose}
      actions={[
        linked
          ? {
              key: 'go',
              primary: true,
              text: <span data-testid="home-popup-go">{t('content.popup.go')}</span>,
              onClick: () => {
                onClose();
                follow(popup.link);
              },
            }
          : { key: 'close', primary: true, text: <span data-testid="home-popup-close">{t('content.popup.close')}</span>, onClick: onClose },
      ]}
    />
  );
}
