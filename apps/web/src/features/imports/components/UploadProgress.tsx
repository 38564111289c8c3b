import { useTranslation } from '../../../i18n/index.ts';
import { Spinner } from '../../../app/Spinner.tsx';
import { Bar } from './Bar.tsx';
import '../../../i18n/imports.ts';

/** A file on its way: the upload's share, then the server reading its first rows (it answers once they are in). */
export function UploadProgress({ name, fraction }: { name: string; fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, fraction) * 100);
  const sent = percent >= 100;
  return (
    <section className="section import-card" data-testid="import-uploading" aria-live="polite">
      <div className="import-progress-head">
        <span className="import-progress-name">{t(sent ? 'imports.upload.reading' : 'imports.upload.sending', { name })}</span>
        {sent ? <Spinner /> : <span>{`${percent}%`}</span>}
      </div>
      <Bar percent={percent} label={t('imports.upload.label')} />
    </section>
  );
}
