import { APP_VERSION, WEB_APP_VERSION } from '@cab/contracts/client';
import { PageBar } from '../../app/PageBar.tsx';
import { useTranslation } from '../../i18n/index.ts';

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
      </div>
    </div>
  );
}
