import { Fragment } from 'react';

/**
 * An amount as a figure that stays readable up to the largest one (9,999,999,999.99):
 * long figures are drawn smaller, and may wrap only after a thousands separator, so
 * neighbouring figures never run together. `text` is already formatted (formatAmount).
 */
export function Figure({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const size = text.length > 13 ? 'figure figure-sm' : text.length > 10 ? 'figure figure-md' : 'figure';
  const parts = text.split(',');
  return (
    <span className={className ? `${size} ${className}` : size} data-testid={testId}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 && (
            <>
              ,<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
