import { useState } from 'react';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import { AccountIcon, CategoryIcon } from '../icons/icons.tsx';
import { categoryColumns, openColumn, pickerSections, type PickerNode } from '../picker-tree.ts';
import { Glyph } from './glyphs.tsx';

export type PickKind = 'category' | 'account' | 'label';

interface RowProps {
  node: PickerNode;
  kind: PickKind;
  selected: boolean;
  testId: string;
  compact?: boolean;
  onPick: (n: PickerNode) => void;
}

/** One line: the item's icon, its name, an account's balance on the right, a check when chosen. */
export function PickRow({ node: n, kind, selected, testId, compact, onPick }: RowProps) {
  const masked = useSettingsStore((s) => s.amountHidden);
  const cls = ['pick-row', compact && 'compact', selected && 'selected'].filter(Boolean).join(' ');
  return (
    <button type="button" className={cls} aria-pressed={selected} data-testid={testId} onClick={() => onPick(n)}>
      {kind === 'account' && <AccountIcon type={n.type ?? ''} size={20} />}
      {kind === 'category' && <CategoryIcon name={n.icon ?? ''} size={20} />}
      <span className="pick-row-name">{n.name}</span>
      {kind === 'account' && <span className="pick-row-extra">{n.balance !== undefined && formatAmount(n.balance, masked)}</span>}
      {compact ? (
        // A fixed slot, so the balances line up whether or not the row is chosen.
        <span className="pick-check-slot">{selected && <Glyph name="check" className="pick-check" />}</span>
      ) : (
        selected && <Glyph name="check" className="pick-check" />
      )}
    </button>
  );
}

interface ListProps {
  visible: boolean;
  tree: PickerNode[];
  kind: PickKind;
  selectedId: string | undefined;
  emptyText: string;
  onPick: (n: PickerNode) => void;
}

/**
 * The list style: one compact line per item. Categories in two columns, the first
 * level (recently used first) on the left and its second level on the right; accounts
 * and labels one list, headed by recently used and the account groups.
 */
export function PickerList(p: ListProps) {
  if (p.kind === 'category') return <CategoryColumns {...p} />;
  const sections = pickerSections(p.tree);
  if (!sections) return <EmptyState kind="empty" title={p.emptyText} />;
  return sections.map((s) => (
    <section key={s.id} className="pick-section" aria-label={s.title || undefined}>
      {s.title && <h3 className="pick-title compact">{s.title}</h3>}
      <div className="pick-list">
        {s.nodes.map((n) => (
          <PickRow
            key={n.id}
            node={n}
            kind={p.kind}
            compact
            selected={n.id === p.selectedId}
            testId={`${s.recent ? 'pick-recent-' : 'pick-'}${n.id}`}
            onPick={p.onPick}
          />
        ))}
      </div>
    </section>
  ));
}

function CategoryColumns(p: ListProps) {
  const columns = categoryColumns(p.tree);
  const [open, setOpen] = useState(() => openColumn(columns, p.selectedId));
  // Each opening starts at the chosen item's first level (the popup stays mounted between openings).
  const [shownOpen, setShownOpen] = useState(p.visible);
  if (p.visible !== shownOpen) {
    setShownOpen(p.visible);
    if (p.visible) setOpen(openColumn(columns, p.selectedId));
  }
  if (!columns.some((c) => !c.recent)) return <EmptyState kind="empty" title={p.emptyText} />;
  const shown = columns.find((c) => c.id === open) ?? columns[0]!;
  return (
    <div className="pick-cols">
      <div className="pick-cols-left">
        {columns.map((c) => (
          <button
            key={c.id}
            type="button"
            className={c.id === shown.id ? 'pick-col current' : 'pick-col'}
            aria-current={c.id === shown.id ? 'true' : undefined}
            data-testid={`pick-col-${c.id}`}
            onClick={() => setOpen(c.id)}
          >
            {c.recent ? <Glyph name="clock" size={18} /> : <CategoryIcon name={c.icon ?? ''} size={18} />}
            <span className="pick-col-name">{c.name}</span>
          </button>
        ))}
      </div>
      <section className="pick-cols-right" aria-label={shown.name}>
        {shown.items.map((n) => (
          <PickRow
            key={n.id}
            node={n}
            kind="category"
            compact
            selected={n.id === p.selectedId}
            testId={`${shown.recent ? 'pick-recent-' : 'pick-'}${n.id}`}
            onPick={p.onPick}
          />
        ))}
      </section>
    </div>
  );
}
