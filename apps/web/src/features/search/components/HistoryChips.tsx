import { Glyph } from '../../accounting/components/glyphs.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useHistory } from '../hooks.ts';

/** The keyword history, newest first, each a tap away; cleared at once from the heading. Nothing when there is none. */
export function HistoryChips({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useHistory();
  if (!history.list.length) return null;
  return (
    <section className="search-block" data-testid="search-history" aria-labelledby="search-history-title">
      <div className="search-block-head">
        <h2 id="search-history-title">{t('flowSearch.history')}</h2>
        <button
          type="button"
          className="search-icon-button"
          aria-label={t('flowSearch.clearHistory')}
          data-testid="search-history-clear"
          onClick={history.clear}
        >
          <Glyph name="trash" size={18} />
        </button>
      </div>
      <div className="search-chips">
        {history.list.map((k) => (
          <button key={k} type="button" className="search-chip" data-testid="search-history-item" onClick={() => onPick(k)}>
            {k}
          </button>
        ))}
      </div>
    </section>
  );
}
