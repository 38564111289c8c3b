import { Selector } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import type { ChipType } from '../exclusive.ts';
import '../../../i18n/flow.ts';

/** The flow's type filter: all, expense, income, transfer (those the user's view keeps). */
export function TypeChips({ value, options, onChange }: { value: ChipType; options: ChipType[]; onChange: (c: ChipType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="chip-row flow-chips" role="group" aria-label={t('flow.chipsLabel')}>
      <Selector<ChipType>
        value={[value]}
        onChange={(v) => v[0] && onChange(v[0])}
        showCheckMark={false}
        options={options.map((c) => ({
          value: c,
          label: <span data-testid={`flow-chip-${c}`}>{c === 'all' ? t('flow.all') : t(`flow.types.${c}`)}</span>,
        }))}
      />
    </div>
  );
}
