import { Selector } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import type { BookFilter } from '../useBookFilter.ts';

/** The one control for the owned/joined split, on home and in my books alike (docs/ui.md: chips filter a list). */
export function BookFilterChips({ value, onChange }: { value: BookFilter; onChange: (f: BookFilter) => void }) {
  const { t } = useTranslation();
  const options = (['all', 'owned', 'joined'] as const).map((f) => ({
    value: f,
    label: <span data-testid={`filter-${f}`}>{t(`books.${f}`)}</span>,
  }));
  return (
    <div className="chip-row" role="group" aria-label={t('books.filter')}>
      <Selector<BookFilter> value={[value]} onChange={(v) => v[0] && onChange(v[0])} options={options} showCheckMark={false} />
    </div>
  );
}
