import { useNavigate } from '../../../lib/hash-router.tsx';
import { Icon, type IconName } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { Glyph, type GlyphName } from '../../accounting/components/glyphs.tsx';
import { FlowGlyph, type FlowGlyphName } from './glyphs.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

type Entry = {
  key: 'charts' | 'member' | 'merchant' | 'project' | 'accounts' | 'exclusive';
  icon: IconName | GlyphName | FlowGlyphName;
  set?: 'accounting' | 'flow';
};
const ENTRIES: Entry[] = [
  { key: 'charts', icon: 'pie' },
  { key: 'member', icon: 'team' },
  { key: 'merchant', icon: 'shop' },
  { key: 'project', icon: 'flag', set: 'accounting' },
  { key: 'accounts', icon: 'ledger' },
  { key: 'exclusive', icon: 'adjust', set: 'flow' },
];

/** The other ways into a book's flow: charts, by member, merchant or project, by account, and the user's own view. */
export function FlowEntries({ bookId, onAccounts }: { bookId: string; onAccounts: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const book = `bookId=${encodeURIComponent(bookId)}`;
  const open = (key: Entry['key']) => {
    if (key === 'accounts') return onAccounts();
    if (key === 'charts') return navigate(`/flow/pages/category-flow?${book}`);
    if (key === 'exclusive') return navigate(`/flow/pages/edit-exclusive?${book}`);
    navigate(`/flow/pages/group-flow?${book}&groupKey=${key.toUpperCase()}`);
  };
  return (
    <nav className="flow-entries" aria-label={t('flow.entries.label')}>
      {ENTRIES.map((e) => (
        <button key={e.key} type="button" className="flow-entry" data-testid={`flow-entry-${e.key}`} onClick={() => open(e.key)}>
          <span className="flow-entry-icon" aria-hidden="true">
            {e.set === 'accounting' ? (
              <Glyph name={e.icon as GlyphName} size={22} />
            ) : e.set === 'flow' ? (
              <FlowGlyph name={e.icon as FlowGlyphName} size={22} />
            ) : (
              <Icon name={e.icon as IconName} size={22} />
            )}
          </span>
          <span className="flow-entry-label">{t(`flow.entries.${e.key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
