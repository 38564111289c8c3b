import type { ReactNode } from 'react';
import { formatAmount } from '../../../lib/format.ts';
import '../flows.css';

export interface SummaryFigure {
  key: string;
  label: string;
  /** A money string; undefined while it loads. */
  value: string | undefined;
  tone?: 'out' | 'in' | undefined;
}

/** A card of a few figures under a heading (an account, a member): what the flow below adds up to. */
export function SummaryCard({
  head,
  figures,
  masked,
  testId,
}: {
  head: ReactNode;
  figures: SummaryFigure[];
  masked: boolean;
  testId?: string;
}) {
  return (
    <section className="flow-summary-card" data-testid={testId}>
      <div className="flow-summary-head">{head}</div>
      <dl className="flow-summary-grid">
        {figures.map((f) => (
          <div key={f.key}>
            <dt className="flow-summary-label">{f.label}</dt>
            <dd className={`flow-summary-value ${masked ? '' : (f.tone ?? '')}`} data-testid={`summary-${f.key}`}>
              {f.value === undefined ? <span className="flow-total-pending" /> : formatAmount(f.value, masked)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
