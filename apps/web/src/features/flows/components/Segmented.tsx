import type { ReactNode } from 'react';
import '../flows.css';

/** A row of views of one screen (month or year, expense or income): one is on at a time. */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (v: T) => void;
  label: string;
  testId?: string;
}) {
  return (
    <div className="flow-segmented" role="group" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={o.value === value ? 'flow-segment active' : 'flow-segment'}
          aria-pressed={o.value === value}
          data-testid={testId ? `${testId}-${o.value}` : undefined}
          onClick={() => o.value !== value && onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
