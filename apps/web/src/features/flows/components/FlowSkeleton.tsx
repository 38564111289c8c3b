import { useTranslation } from '../../../i18n/index.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/** A flow while its first page loads: a day header and rows in the shape of what is coming. */
export function FlowSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="flow-skeleton" data-testid="flow-loading" aria-busy="true">
      <span className="sr-only">{t('common.loading')}</span>
      <div className="flow-skeleton-header" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flow-skeleton-row">
          <span className="flow-skeleton-dot" />
          <span className="flow-skeleton-lines">
            <span className="flow-skeleton-line" />
            <span className="flow-skeleton-line short" />
          </span>
          <span className="flow-skeleton-line amount" />
        </div>
      ))}
    </div>
  );
}
