import type { ContentDetail } from '@cab/contracts/client';
import { confirmDialog } from '../../../app/confirm.tsx';
import { useLocation, useNavigate } from '../../../lib/hash-router.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useCollectContent, useContentUser } from '../api.ts';
import { Heart } from './glyphs.tsx';

/** The login page, coming back to `here` (a path with its query) afterwards, as RequireLogin does. */
export const loginPath = (here: string): string => `/accountLogin/index?redirect=${encodeURIComponent(here)}`;

/**
 * Collect (收藏) an article or video, with how many keep it. Logged out it asks the user
 * to log in first and comes back here afterwards (collecting needs a login: the server
 * answers 401 code 1020 otherwise).
 */
export function CollectButton({ content }: { content: ContentDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { loggedIn } = useContentUser();
  const collect = useCollectContent();
  const on = content.collected;
  const tap = () => {
    if (!loggedIn) {
      void confirmDialog({
        content: <span data-testid="collect-login-prompt">{t('content.detail.loginToCollect')}</span>,
        confirmText: <span data-testid="collect-login">{t('content.detail.goLogin')}</span>,
        cancelText: t('common.cancel'),
      }).then((go) => {
        if (go) navigate(loginPath(pathname + search));
      });
      return;
    }
    collect.mutate(
      { id: content.id, collected: !on },
      { onSuccess: (r) => showToast(t(r.collected ? 'content.detail.collectedToast' : 'content.detail.uncollectedToast')) },
    );
  };
  return (
    <button
      type="button"
      className={on ? 'content-collect on' : 'content-collect'}
      data-testid="content-collect"
      aria-pressed={on}
      disabled={collect.isPending}
      onClick={tap}
    >
      <Heart on={on} size={22} />
      <span>{on ? t('content.detail.collected') : t('content.detail.collect')}</span>
      <span className="content-collect-count" data-testid="content-collect-count">
        {content.collect_count}
      </span>
    </button>
  );
}
