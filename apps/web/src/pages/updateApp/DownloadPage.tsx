import { APP_VERSION, WEB_APP_VERSION } from '@cab/contracts/client';
import { PageBar } from '../../app/PageBar.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { hostAppVersion } from './UpdateAppPage.tsx';
import '../../features/mine/mine-links.css';
import '../../i18n/mine-links.ts';

/**
 * Where 升级到 App -> 下载 App leads (ours; SPEC names no page for it): how CAB is used
 * on the web and inside the partner apps that embed it, and how to get such an app.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const inApp = hostAppVersion(navigator.userAgent);
  return (
    <div className="page" data-testid="page-download">
      <PageBar title={t('mineLinks.download.title')} />
      <div className="section padded center mine-links-app">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h2>{t('common.appName')}</h2>
        <p className="muted" data-testid="download-lead">
          {t('mineLinks.download.lead')}
        </p>
      </div>
      {inApp !== undefined && (
        <div className="section padded" data-testid="download-in-app">
          {t('mineLinks.download.inApp', { version: inApp })}
        </div>
      )}
      <div className="section padded mine-links-card" data-testid="download-web">
        <h3>{t('mineLinks.download.webTitle')}</h3>
        <p>{t('mineLinks.download.webBody')}</p>
        <p className="muted">{t('mineLinks.download.homeScreen')}</p>
        <div className="version-row">
          <span>{t('update.web')}</span>
          <span>{WEB_APP_VERSION}</span>
        </div>
      </div>
      <div className="section padded mine-links-card" data-testid="download-app">
        <h3>{t('mineLinks.download.appTitle')}</h3>
        <p>{t('mineLinks.download.appBody')}</p>
        <h3>{t('mineLinks.download.stepsTitle')}</h3>
        <ol className="mine-links-steps" data-testid="download-steps">
          <li>{t('mineLinks.download.step1', { version: APP_VERSION.name })}</li>
          <li>{t('mineLinks.download.step2')}</li>
          <li>{t('mineLinks.download.step3')}</li>
        </ol>
      </div>
    </div>
  );
}
