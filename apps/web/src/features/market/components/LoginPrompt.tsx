import { Button } from 'antd-mobile';
import { useLocation, useNavigate } from '../../../lib/hash-router.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { loginPath } from '../api.ts';
import '../../../i18n/market.ts';

export type LoginReason = 'collect' | 'use' | 'review' | 'favourites';

/** The way to the login page, which comes back to this screen (as it is now) afterwards. */
export function useGoLogin(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => navigate(loginPath(pathname + search));
}

/** The button that leads to the login page and back. */
export function LoginButton({ testId = 'market-login' }: { testId?: string }) {
  const { t } = useTranslation();
  const goLogin = useGoLogin();
  return (
    <Button color="primary" data-testid={testId} onClick={goLogin}>
      {t('mine.login')}
    </Button>
  );
}
