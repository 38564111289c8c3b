import type { ReactNode } from 'react';
import { Icon } from '../../../app/icons.tsx';

/** One choice of several, as rows of a radio group; the chosen one is marked. */
export function ChoiceGroup<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode; hint?: ReactNode }>;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <section className="section" data-testid={testId}>
      <h2 className="members-section-title" id={`${testId}-label`}>
        {label}
      </h2>
      <div role="radiogroup" aria-labelledby={`${testId}-label`}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={o.value === value}
            className="choice-row"
            data-testid={`${testId}-${o.value}`}
            onClick={() => onChange(o.value)}
          >
            <span className="member-main">
              <span className="member-name">{o.label}</span>
              {o.hint && <span className="member-sub">{o.hint}</span>}
            </span>
            {o.value === value && (
              <span className="choice-mark">
                <Icon name="check" />
              </span>
            )}
          </button>
        ))}
      </div>
    </section>
  );
}
