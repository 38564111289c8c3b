import { APP_VERSION, WEB_APP_VERSION } from '@cab/contracts/client';
import { Button, Result } from 'antd-mobile';
import { useNavigate } from '../../lib/hash-router.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { compareVersion } from '../../lib/format.ts';

/** The version a host app reports through its user agent ("CAB/1.2.3"); a plain browser has none. */
export function hostAppVersion(userAgent: string): string | undefined {
  return /\bCAB\/(\d+(?:\.\d+)*)/.exec(userAgent)?.[1];
}

/**
 * Upgrade to the app: in a plain browser it offers the app (the web version is what
 * runs); inside the host app it compares the app's version with the latest one
 * (SPEC 9: web 1.5.9, app 1.0.0, code 100).
 */
export default function UpdateAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inApp = hostAppVersion(navigator.userAgent);
  const outdated = inApp !== undefined && compareVersion(inApp, APP_VERSION.name) < 0;
  const title = inApp === undefined ? t('update.inBrowser') : outdated ? t('update.needed') : t('update.upToDate');
  return (
    <div className="page" data-testid="page-update">
      <PageBar title={t('update.title')} />
      <div className="section">
        <Result
          status={outdated || inApp === undefined ? 'info' : 'success'}
          title={<span data-testid="update-title">{title}</span>}
          description={t('update.body')}
        />
        <div className="padded">
          <div className="version-row">
            <span>{t('update.web')}</span>
            <span data-testid="update-web-version">{WEB_APP_VERSION}</span>
          </div>
          <div className="version-row">
            <span>{t('update.yourApp')}</span>
            <span data-testid="update-app-version">{inApp ?? t('update.noApp')}</span>
          </div>
          <div className="version-row">
            <span>{t('update.latest')}</span>
            <span data-testid="update-latest">{`${APP_VERSION.name} (${APP_VERSION.code})`}</span>
          </div>
          {(outdated || inApp === undefined) && (
            <Button
              block
              color="primary"
              style={{ marginTop: 12 }}
              data-testid="update-download"
              onClick={() => navigate('/updateApp/pages/download')}
            >
              {inApp === undefined ? t('update.download') : t('update.update')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
