import { APP_VERSION, WEB_APP_VERSION } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { PageBar } from '../../app/PageBar.tsx';
import { zoneQueries } from '../../features/zones/queries.ts';
import { HostRows } from '../../host/HostRows.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/hash-router.tsx';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * The environments page's way in (cloudEnv/index): only outside production, which only the
 * server knows (asking it needs a session), so nothing shows until it has said so. A plain
 * row with a link, as the versions are drawn: a list component would weigh more than the page.
 */
function EnvironmentRow() {
  const { t } = useTranslation();
  const loggedIn = useUserStore(selectLoggedIn);
  const env = useQuery({ ...zoneQueries.serverEnv(), enabled: loggedIn });
  if (!env.data || env.data.env === 'prod') return null;
  return (
    <div className="version-row">
      <span>{t('about.environment')}</span>
      <Link to="/cloudEnv/index" className="link" data-testid="about-env">
        {env.data.env}
      </Link>
    </div>
  );
}

export default function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-about">
      <PageBar title={t('about.title')} />
      <div className="section padded center">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h2 style={{ margin: '8px 0' }}>{t('common.appName')}</h2>
        <p className="muted">{t('about.intro')}</p>
      </div>
      <div className="section padded">
        <div className="version-row">
          <span>{t('about.webVersion')}</span>
          <span data-testid="web-version">{WEB_APP_VERSION}</span>
        </div>
        <div className="version-row">
          <span>{t('about.appVersion')}</span>
          <span>{`${APP_VERSION.name} (${APP_VERSION.code})`}</span>
        </div>
        <EnvironmentRow />
        <HostRows />
      </div>
    </div>
  );
}
