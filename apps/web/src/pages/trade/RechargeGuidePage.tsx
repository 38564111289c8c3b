import { Button } from 'antd-mobile';
import { PageBar } from '../../app/PageBar.tsx';
import { CommerceGlyph, type CommerceGlyphName } from '../../features/commerce/components/glyphs.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import '../../features/commerce/commerce.css';
import '../../i18n/commerce.ts';

const STEPS: ReadonlyArray<{ key: 'step1' | 'step2' | 'step3'; icon: CommerceGlyphName }> = [
  { key: 'step1', icon: 'download' },
  { key: 'step2', icon: 'login' },
  { key: 'step3', icon: 'wallet' },
];

/**
 * How to top up where the web cannot take payments (SPEC 2, trade/pages/recharge-guide:
 * download the host app): the three steps, and the way to the app's download page.
 */
export default function RechargeGuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="page-recharge-guide">
      <PageBar title={t('commerce.guide.title')} />
      <div className="section">
        <div className="pay-result">
          <CommerceGlyph name="phone" size={52} className="pay-result-icon" />
          <p className="pay-result-body" data-testid="guide-lead">
            {t('commerce.guide.lead')}
          </p>
        </div>
        <ol className="guide-steps" data-testid="guide-steps">
          {STEPS.map((s) => (
            <li key={s.key} className="guide-step">
              <span className="guide-step-icon" aria-hidden="true">
                <CommerceGlyph name={s.icon} size={20} />
              </span>
              {t(`commerce.guide.${s.key}`)}
            </li>
          ))}
        </ol>
      </div>
      <div className="pay-actions">
        <Button block color="primary" data-testid="guide-download" onClick={() => navigate('/updateApp/pages/download')}>
          {t('commerce.guide.download')}
        </Button>
      </div>
    </div>
  );
}
