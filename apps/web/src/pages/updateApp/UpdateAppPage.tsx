import { APP_VERSION } from '@cab/contracts/client';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from 'react-router';
import { PageBar } from '../../app/PageBar.tsx';
import { compareVersion } from '../../lib/format.ts';

/** The version a host app reports through its user agent ("CAB/1.2.3"); a plain browser has none. */
export function hostAppVersion(userAgent: string): string | undefined {
  return /\bCAB\/(\d+(?:\.\d+)*)/.exec(userAgent)?.[1];
}

export default function UpdateAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = hostAppVersion(navigator.userAgent);
  const needed = !current || compareVersion(current, APP_VERSION.name) < 0;
  return (
    <div className="page" data-testid="page-update">
      <PageBar title={t('update.title')} />
      <div className="section">
        <Result status={needed ? 'info' : 'success'} title={needed ? t('update.needed') : t('update.upToDate')} description={t('update.body')} />
        <div className="padded">
          <div className="version-row"><span>{t('update.current')}</span><span>{current ?? '—'}</span></div>
          <div className="version-row"><span>{t('update.latest')}</span><span>{APP_VERSION.name}</span></div>
          {needed && (
            <Button block color="primary" style={{ marginTop: 12 }} onClick={() => navigate('/trade/pages/recharge-guide')}>
              {t('update.download')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
