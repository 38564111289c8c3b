import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/content.ts';
import { contentKeys, contentQueries, useContentUser } from '../api.ts';
import { operationLink, operationText } from '../operations.ts';
import '../content.css';
import { useFollowLink } from './useFollowLink.ts';

/** The home page's popup code (SPEC 7: operationPopup {body: {popupCodeList}}). */
export const HOME_POPUP = 'homeWelcome';

/**
 * The home page's operation popup, once per user: the server answers it only while the
 * user has not been shown it, and marks it shown as it answers (docs/market.md). Asked
 * once a session (the answer is kept); closing it empties the kept answer, so coming
 * back to home does not show it again. Logged out nothing is asked (there is no one to
 * remember it for; home asks them to log in instead).
 */
export default function HomeWelcome() {
  const { t, i18n } = useTranslation();
  const { uid, loggedIn } = useContentUser();
  const qc = useQueryClient();
  const follow = useFollowLink();
  const popups = useQuery({ ...contentQueries.popup(uid, HOME_POPUP), enabled: loggedIn });
  const popup = popups.data?.find((p) => p.show);
  if (!popup) return null;
  const { title, text } = operationText(popup, i18n.language);
  const close = () => qc.setQueryData(contentKeys.popup(uid, HOME_POPUP), []);
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
      onClose={close}
      actions={[
        linked
          ? {
              key: 'go',
              primary: true,
              text: <span data-testid="home-popup-go">{t('content.popup.go')}</span>,
              onClick: () => {
                close();
                follow(popup.link);
              },
            }
          : { key: 'close', primary: true, text: <span data-testid="home-popup-close">{t('content.popup.close')}</span>, onClick: close },
      ]}
    />
  );
}
