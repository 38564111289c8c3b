import type { ImportView } from '@cab/contracts/client';
import { Spinner } from '../../../app/Spinner.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { count } from '../format.ts';
import { Bar } from './Bar.tsx';
import '../../../i18n/imports.ts';

/**
 * An import the server works on, asked again every 700 ms (queries.ts): while reading, the
 * rows read so far (the total is not known until the end); while recording, done of all
 * with the share. The work goes on in the background, so the page may be left.
 */
export function ImportProgress({ view, pollFailed }: { view: ImportView; pollFailed: boolean }) {
  const { t } = useTranslation();
  const done = view.progress?.done ?? 0;
  const total = view.progress?.total ?? null;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : undefined;
  const committing = view.status === 'committing';
  return (
    <section className="section import-card" data-testid="import-progress" data-status={view.status} aria-live="polite">
      <h2 className="import-section-title">{t(committing ? 'imports.progress.committing' : 'imports.progress.reading')}</h2>
      <div className="import-progress-head">
        <span data-testid="import-progress-count">
          {total !== null
            ? t('imports.progress.count', { done: count(done), total: count(total) })
            : t('imports.progress.read', { count: done, n: count(done) })}
        </span>
        {percent === undefined ? <Spinner /> : <span data-testid="import-progress-percent">{`${percent}%`}</span>}
      </div>
      {percent !== undefined && <Bar percent={percent} label={t('imports.progress.label')} testId="import-progress-bar" />}
      {pollFailed && (
        <p className="import-note" role="status" data-testid="import-poll-failed">
          {t('imports.progress.pollFailed')}
        </p>
      )}
      <p className="import-note">{t('imports.progress.background')}</p>
    </section>
  );
}
