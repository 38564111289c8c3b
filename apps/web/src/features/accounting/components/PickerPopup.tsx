import { RECENT_USE_ID } from '@cab/contracts/client';
import { Popup, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import { AccountIcon, CategoryIcon } from '../icons/icons.tsx';
import type { PickerNode } from '../picker-tree.ts';
import { Glyph } from './glyphs.tsx';

export interface PickerProps {
  visible: boolean;
  title: string;
  searchLabel: string;
  tree: PickerNode[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: string | undefined;
  /** Categories show icons in a grid; accounts a list with balances; labels plain chips. */
  kind: 'category' | 'account' | 'label';
  emptyText: string;
  onPick: (n: PickerNode) => void;
  onSearch: () => void;
  onClose: () => void;
}

/**
 * A picker in the flat style (SPEC 3's default): recently used first, then every item,
 * a first-level category or an account group heading its children. Search and add
 * live on the search page, one tap away.
 */
export function PickerPopup(p: PickerProps) {
  const { t } = useTranslation();
  const masked = useSettingsStore((s) => s.amountHidden);
  const item = (n: PickerNode, prefix: string) => {
    const selected = n.id === p.selectedId;
    if (p.kind === 'account')
      return (
        <button
          key={n.id}
          type="button"
          className={selected ? 'pick-row selected' : 'pick-row'}
          aria-pressed={selected}
          data-testid={`${prefix}${n.id}`}
          onClick={() => p.onPick(n)}
        >
          <AccountIcon type={n.type ?? ''} size={20} />
          <span className="pick-row-name">{n.name}</span>
          <span className="pick-row-extra">{n.balance !== undefined && formatAmount(n.balance, masked)}</span>
          {selected && <Glyph name="check" className="pick-check" />}
        </button>
      );
    return (
      <button
        key={n.id}
        type="button"
        className={selected ? 'pick-chip selected' : 'pick-chip'}
        aria-pressed={selected}
        data-testid={`${prefix}${n.id}`}
        onClick={() => p.onPick(n)}
      >
        {p.kind === 'category' && (
          <span className="cat-badge">
            <CategoryIcon name={n.icon ?? ''} size={20} />
          </span>
        )}
        <span className="pick-chip-name">{n.name}</span>
      </button>
    );
  };
  const section = (key: string, title: ReactNode, nodes: PickerNode[], prefix: string) => (
    <section key={key} className="pick-section" aria-label={typeof title === 'string' ? title : undefined}>
      {title && <h3 className="pick-title">{title}</h3>}
      <div className={p.kind === 'account' ? 'pick-list' : p.kind === 'category' ? 'pick-grid icons' : 'pick-grid'}>
        {nodes.map((n) => item(n, prefix))}
      </div>
    </section>
  );
  const body = () => {
    if (p.failed) return <LoadFailed onRetry={p.onRetry} />;
    if (p.loading || !p.tree)
      return (
        <div className="padded">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    const out: ReactNode[] = [];
    for (const top of p.tree) {
      if (top.id === RECENT_USE_ID) {
        out.push(section('recent', top.name, top.subs, 'pick-recent-'));
        continue;
      }
      const leaves = top.subs.filter((n) => !n.subs.length);
      const groups = top.subs.filter((n) => n.subs.length);
      if (!leaves.length && !groups.length) return <EmptyState kind="empty" title={p.emptyText} />;
      if (leaves.length) out.push(section('all', groups.length ? '' : top.name, leaves, 'pick-'));
      for (const g of groups) out.push(section(g.id, g.name, g.subs, 'pick-'));
    }
    return out;
  };
  return (
    <Popup
      visible={p.visible}
      onMaskClick={p.onClose}
      onClose={p.onClose}
      bodyClassName="pick-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="pick-head">
        <button type="button" className="icon-button" aria-label={t('accounting.close')} onClick={p.onClose}>
          <Glyph name="close" size={20} />
        </button>
        <h2 className="pick-head-title">{p.title}</h2>
        <button type="button" className="icon-button" aria-label={p.searchLabel} data-testid="pick-search" onClick={p.onSearch}>
          <Glyph name="search" size={20} />
        </button>
      </div>
      <div className="pick-body" data-testid="picker">
        {body()}
      </div>
    </Popup>
  );
}

export default PickerPopup;
