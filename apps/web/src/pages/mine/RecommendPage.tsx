import { Button } from 'antd-mobile';
import { useState } from 'react';
import { PageBar } from '../../app/PageBar.tsx';
import { showToast } from '../../app/toast.ts';
import { canShare, copyText } from '../../features/invitations/clipboard.ts';
import { knownHostEnv } from '../../lib/host-env.ts';
import { shareOut } from '../../host/share.ts';
import { InviteGlyph } from '../../features/invitations/components/glyphs.tsx';
import { QrCode } from '../../features/invitations/components/QrCode.tsx';
import { appLink } from '../../features/mine/api.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/invitations/invitations.css';
import '../../i18n/mine-links.ts';
import '../../features/mine/mine-links.css';

/**
 * 推荐给好友 (mine page): the app itself to pass on, not a book: its link (copy, or the
 * system share sheet where the browser has one) and a QR code of it. No login needed.
 */
export default function RecommendPage() {
  const { t } = useTranslation();
  const link = appLink();
  const [manual, setManual] = useState(false);
  const copy = async () => {
    if (await copyText(link)) showToast(t('mineLinks.recommend.copied'));
    else setManual(true);
  };
  const share = async () => {
    const outcome = await shareOut({ title: t('common.appName'), text: t('mineLinks.recommend.shareText'), url: link }, 'app');
    if (outcome === 'shared') showToast(t('mineLinks.recommend.shared'));
    if (outcome === 'copied') showToast(t('mineLinks.recommend.copied'));
    if (outcome === 'failed') await copy();
  };
  return (
    <div className="page" data-testid="page-recommend">
      <PageBar title={t('mineLinks.recommend.title')} />
      <div className="section padded center mine-links-app">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h2 data-testid="recommend-app-name">{t('common.appName')}</h2>
        <p className="muted">{t('mineLinks.recommend.intro')}</p>
      </div>
      <div className="section padded">
        <p className="muted">{t('mineLinks.recommend.lead')}</p>
        <div className="invite-link-row">
          <InviteGlyph name="link" />
          <span className="invite-link" data-testid="recommend-link">
            {link}
          </span>
        </div>
      </div>
      <div className="share-actions">
        <Button block fill="outline" color="primary" data-testid="recommend-copy" onClick={() => void copy()}>
          <InviteGlyph name="copy" /> {t('mineLinks.recommend.copy')}
        </Button>
        {(canShare() || knownHostEnv() !== 'browser') && (
          <Button block color="primary" data-testid="recommend-share" onClick={() => void share()}>
            <InviteGlyph name="share" /> {t('mineLinks.recommend.share')}
          </Button>
        )}
      </div>
      {manual && (
        <p className="share-manual" data-testid="recommend-manual">
          <span className="muted">{t('mineLinks.recommend.copyFailed')}</span>
          <span className="share-manual-text">{link}</span>
        </p>
      )}
      <div className="section qr-box">
        <QrCode text={link} />
        <div className="muted">{t('mineLinks.recommend.qrHint')}</div>
      </div>
    </div>
  );
}
