import { Button, Popup } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { LoginButton, type LoginReason } from './LoginPrompt.tsx';
import '../../../i18n/market.ts';

/**
 * What logged-out users see when they try what needs a session (collecting, using a
 * template, writing a review): why, and the way to log in, instead of the server's
 * refusal as an error toast (SPEC 5).
 */
export default function LoginPopup({ reason, visible, onClose }: { reason: LoginReason; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div data-testid="market-login-prompt">
        <EmptyState
          kind="loggedOut"
          title={t(`market.login.${reason}`)}
          description={t('market.login.hint')}
          action={
            <div className="market-prompt-actions">
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <LoginButton />
            </div>
          }
        />
      </div>
    </Popup>
  );
}
