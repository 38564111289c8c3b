/**
 * A progress bar: a filled track with its share said to screen readers. Drawn here rather
 * than with antd-mobile's ProgressBar, whose helper module would become a chunk of its own
 * that every page with a list then fetches (the first-load budgets, docs/performance.md).
 */
export function Bar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  return (
    <div
      className="import-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <div className="import-bar-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
