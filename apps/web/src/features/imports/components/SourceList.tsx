import { IMPORT_SOURCES, type ImportSource } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { SourceBadge } from './SourceBadge.tsx';
import '../../../i18n/imports.ts';

/** The seven sources, each with its badge and how to get the file from that app; tapping one opens the file picker. */
export function SourceList({ disabled, onPick }: { disabled: boolean; onPick: (source: ImportSource) => void }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="import-sources-title">
      <h2 className="import-section-title" id="import-sources-title">
        {t('imports.sourcesTitle')}
      </h2>
      <ul className="import-sources" data-testid="import-sources">
        {IMPORT_SOURCES.map((s) => (
          <li key={s}>
            <button
              type="button"
              className="import-source"
              data-testid={`import-source-${s}`}
              disabled={disabled}
              onClick={() => onPick(s)}
            >
              <SourceBadge source={s} />
              <span className="import-source-text">
                <span className="import-source-name">{t(`imports.sources.${s}.name`)}</span>
                <span className="import-source-how" data-testid={`import-how-${s}`}>
                  {t(`imports.sources.${s}.how`)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
