import { FREE_CAPACITY_MB } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { PageBar } from '../../app/PageBar.tsx';
import { CloudGlyph, type CloudGlyphName } from '../../features/cloud/components/glyphs.tsx';
import { size } from '../../features/cloud/format.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import '../../features/cloud/cloud.css';
import '../../features/commerce/commerce.css';
import '../../i18n/cloud.ts';

const POINTS: ReadonlyArray<[CloudGlyphName, 'free' | 'rent' | 'share' | 'safe']> = [
  ['image', 'free'],
  ['cloud', 'rent'],
  ['share', 'share'],
  ['shield', 'safe'],
];

/** What cloud space is and what it gives (SPEC 2, cloud/pages/introduce), with the way to my space. */
export default function IntroducePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="page-cloud-introduce">
      <PageBar title={t('cloud.introduce.title')} />
      <div className="section">
        <div className="cloud-hero">
          <CloudGlyph name="cloud" size={56} />
          <p>{t('cloud.introduce.lead')}</p>
        </div>
        <ul className="cloud-points">
          {POINTS.map(([icon, key]) => (
            <li className="cloud-point" key={key}>
              {/* The recharge guide's round icon (commerce.css, loaded above). */}
              <span className="guide-step-icon">
                <CloudGlyph name={icon} size={20} />
              </span>
              <div>
                <h3>{t(`cloud.introduce.${key}Title`)}</h3>
                <p>{t(`cloud.introduce.${key}Body`, { size: size(FREE_CAPACITY_MB) })}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="pay-actions">
        <Button block color="primary" data-testid="cloud-introduce-go" onClick={() => navigate('/cloud/index')}>
          {t('cloud.introduce.go')}
        </Button>
      </div>
    </div>
  );
}
