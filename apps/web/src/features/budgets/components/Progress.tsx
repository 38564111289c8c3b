import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/budgets.ts';

/** One decimal at most, as the server counts it: 125.5, 80. */
const shown = (p: number) => String(Math.round(p * 10) / 10);

interface ProgressProps {
  percent: number;
  over: boolean;
  label: string;
  testId?: string;
}

/** What a bar and a ring share: the progressbar role, its bounds and value, clamped to 0-100. */
function progressProps({ percent, over, label, testId }: ProgressProps, kind: 'bar' | 'ring', text: string) {
  return {
    className: over ? `budget-${kind} over` : `budget-${kind}`,
    role: 'progressbar',
    'aria-label': label,
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-valuenow': Math.min(100, Math.max(0, percent)),
    'aria-valuetext': text,
    'data-testid': testId,
  };
}

/** How much of a budget is used, as a bar; past 100% it turns to the warning colour (`over`). */
export function ProgressBar(props: ProgressProps) {
  const { t } = useTranslation();
  const a = progressProps(props, 'bar', t('budgets.figures.percent', { p: shown(props.percent) }));
  return (
    <span {...a}>
      <span className="budget-bar-fill" style={{ width: `${a['aria-valuenow']}%` }} />
    </span>
  );
}

/** The same as a ring, with the percentage inside. */
export function ProgressRing(props: ProgressProps) {
  const { t } = useTranslation();
  const text = t('budgets.figures.percent', { p: shown(props.percent) });
  const a = progressProps(props, 'ring', text);
  return (
    <span {...a} style={{ ['--p' as string]: `${a['aria-valuenow']}%` }}>
      <span className="budget-ring-text">{text}</span>
    </span>
  );
}
