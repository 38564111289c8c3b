import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import { AccountIcon, CategoryIcon } from '../icons/icons.tsx';
import type { ManageRow, ManageView } from '../manage.ts';
import { Glyph } from './glyphs.tsx';
import '../../../i18n/accounting.ts';

/** The items of one view: a second level indented under its first, account groups as headings, hidden ones marked. */
export function ManageList({ view, rows, onOpen }: { view: ManageView; rows: ManageRow[]; onOpen: (r: ManageRow) => void }) {
  const { t } = useTranslation();
  const masked = useSettingsStore((s) => s.amountHidden);
  const out: ReactNode[] = [];
  let group: string | undefined;
  for (const r of rows) {
    if (view === 'accounts' && r.group !== group) {
      group = r.group;
      out.push(
        <h3 key={`g-${r.group}`} className="manage-group">
          {r.group}
        </h3>,
      );
    }
    out.push(
      <div key={r.id} className={r.level ? 'manage-row sub' : 'manage-row'} data-testid={`manage-row-${r.id}`}>
        <button type="button" className="manage-row-main" onClick={() => onOpen(r)}>
          {(view === 'expense' || view === 'income') && (
            <span className="cat-badge">
              <CategoryIcon name={r.icon ?? ''} size={r.level ? 18 : 20} />
            </span>
          )}
          {view === 'accounts' && (
            <span className="rec-row-icon">
              <AccountIcon type={r.type ?? ''} size={20} />
            </span>
          )}
          <span className={r.hidden ? 'manage-name hidden-item' : 'manage-name'} data-testid={`manage-name-${r.id}`}>
            {r.name}
          </span>
          {r.hidden && <span className="cab-tag">{t('manage.hidden')}</span>}
          {r.balance !== undefined && <span className="pick-row-extra">{formatAmount(r.balance, masked)}</span>}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('manage.more', { name: r.name })}
          data-testid={`manage-more-${r.id}`}
          onClick={() => onOpen(r)}
        >
          <Glyph name="more" size={20} />
        </button>
      </div>,
    );
  }
  return <div className="section manage-list">{out}</div>;
}
