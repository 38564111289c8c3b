import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/budgets.ts';

/** One decimal at most, as the server counts it: 125.5, 80. */
const shown = (p: number) => String(Math.round(p * 10) / 10);

/** How much of a budget is used, as a bar; past 100% it turns to the warning colour (`over`). */
export function ProgressBar({ percent, over, label, testId }: { percent: number; over: boolean; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={over ? 'budget-bar over' : 'budget-bar'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, Math.max(0, percent))}
      aria-valuetext={t('budgets.figures.percent', { p: shown(percent) })}
      data-testid={testId}
    >
      <span className="budget-bar-fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </span>
  );
}

/** The same as a ring, with the percentage inside. */
export function ProgressRing({ percent, over, label, testId }: { percent: number; over: boolean; label: string; testId?: string }) {
  const { t } = useTranslation();
  const text = t('budgets.figures.percent', { p: shown(percent) });
  return (
    <span
      className={over ? 'budget-ring over' : 'budget-ring'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, Math.max(0, percent))}
      aria-valuetext={text}
      style={{ ['--p' as string]: `${Math.min(100, Math.max(0, percent))}%` }}
      data-testid={testId}
    >
      <span className="budget-ring-text">{text}</span>
    </span>
  );
}
