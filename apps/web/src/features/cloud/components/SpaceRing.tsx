import { useTranslation } from '../../../i18n/index.ts';
import { usedShare } from '../../../lib/space.ts';
import { size as sizeOf } from '../format.ts';

const R = 42;
const CIRCUMFERENCE = 2 * Math.PI * R;

/**
 * The space used, as a ring (a hand-drawn SVG: no chart library): the used arc in the
 * brand colour, red once 90% is used, and the share in the middle. Named for screen
 * readers with the figures it draws.
 */
export function SpaceRing({ used, total, size = 120 }: { used: string; total: string; size?: number }) {
  const { t } = useTranslation();
  const share = usedShare(used, total);
  const percent = share > 0 && share < 0.01 ? '<1' : String(Math.round(share * 100));
  const tone = share >= 0.9 ? 'full' : 'ok';
  return (
    <svg
      className={`space-ring ${tone}`}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={t('cloud.space.ring', { used: sizeOf(used), total: sizeOf(total) })}
      data-testid="space-ring"
      data-share={share.toFixed(4)}
    >
      <circle className="space-ring-track" cx="50" cy="50" r={R} fill="none" strokeWidth="10" />
      {share > 0 && (
        <circle
          className="space-ring-used"
          cx="50"
          cy="50"
          r={R}
          fill="none"
          strokeWidth="10"
          strokeLinecap={share >= 1 ? 'butt' : 'round'}
          strokeDasharray={`${(CIRCUMFERENCE * share).toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`}
          transform="rotate(-90 50 50)"
        />
      )}
      <text className="space-ring-figure" x="50" y="50" textAnchor="middle" dominantBaseline="central">
        {t('cloud.space.percent', { p: percent })}
      </text>
      <text className="space-ring-caption" x="50" y="68" textAnchor="middle" dominantBaseline="central">
        {t('cloud.space.usedShort')}
      </text>
    </svg>
  );
}
