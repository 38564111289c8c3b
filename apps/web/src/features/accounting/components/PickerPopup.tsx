import { Popup, Skeleton } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { CategoryIcon } from '../icons/icons.tsx';
import { pickerSections, type PickerNode, type PickerSection } from '../picker-tree.ts';
import { usePickerStyle } from '../picker-style.ts';
import { Glyph } from './glyphs.tsx';
import { PickRow, PickerList, type PickKind } from './PickerList.tsx';
import '../../../i18n/accounting.ts';

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
  kind: PickKind;
  emptyText: string;
  onPick: (n: PickerNode) => void;
  onSearch: () => void;
  onClose: () => void;
}

/**
 * A picker in the user's style: flat (SPEC 3's default) or list (PickerList), switched
 * from the header and remembered per user (`accounting.picker_style`). Flat: recently
 * used first, then every item, a first-level category or an account group heading its
 * children. Search and add live on the search page, one tap away.
 */
export function PickerPopup(p: PickerProps) {
  const { t } = useTranslation();
  const { style, pending, toggle } = usePickerStyle();
  const item = (n: PickerNode, prefix: string) => {
    const selected = n.id === p.selectedId;
    if (p.kind === 'account')
      return <PickRow key={n.id} node={n} kind="account" selected={selected} testId={`${prefix}${n.id}`} onPick={p.onPick} />;
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
  const section = (s: PickerSection) => (
    <section key={s.id} className="pick-section" aria-label={s.title || undefined}>
      {s.title && <h3 className="pick-title">{s.title}</h3>}
      <div className={p.kind === 'account' ? 'pick-list' : p.kind === 'category' ? 'pick-grid icons' : 'pick-grid'}>
        {s.nodes.map((n) => item(n, s.recent ? 'pick-recent-' : 'pick-'))}
      </div>
    </section>
  );
  const body = () => {
    if (p.failed) return <LoadFailed onRetry={p.onRetry} />;
    if (p.loading || !p.tree || pending)
      return (
        <div className="padded">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    if (style === 'list')
      return (
        <PickerList visible={p.visible} tree={p.tree} kind={p.kind} selectedId={p.selectedId} emptyText={p.emptyText} onPick={p.onPick} />
      );
    const sections = pickerSections(p.tree);
    return sections ? sections.map(section) : <EmptyState kind="empty" title={p.emptyText} />;
  };
  const columns = style === 'list' && p.kind === 'category' && !pending && !p.failed && !p.loading && p.tree;
  return (
    <Popup
      visible={p.visible}
      onMaskClick={p.onClose}
      onClose={p.onClose}
      bodyClassName="pick-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="pick-head">
        <div className="pick-head-side">
          <button type="button" className="icon-button" aria-label={t('accounting.close')} onClick={p.onClose}>
            <Glyph name="close" size={20} />
          </button>
        </div>
        <h2 className="pick-head-title">{p.title}</h2>
        <div className="pick-head-side end">
          <button
            type="button"
            className="icon-button"
            aria-label={t(style === 'list' ? 'accounting.pickerStyle.toFlat' : 'accounting.pickerStyle.toList')}
            data-testid="pick-style"
            disabled={pending}
            onClick={toggle}
          >
            <Glyph name={style === 'list' ? 'grid' : 'list'} size={20} />
          </button>
          <button type="button" className="icon-button" aria-label={p.searchLabel} data-testid="pick-search" onClick={p.onSearch}>
            <Glyph name="search" size={20} />
          </button>
        </div>
      </div>
      <div className={columns ? 'pick-body cols' : 'pick-body'} data-testid="picker" data-style={pending ? undefined : style}>
        {body()}
      </div>
    </Popup>
  );
}

export default PickerPopup;
