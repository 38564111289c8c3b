import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { FavouriteContents } from '../../features/market/components/FavouriteContents.tsx';
import { TabRow } from '../../features/market/components/TabRow.tsx';
import { useTemplateActions } from '../../features/market/components/TemplateActions.tsx';
import { FavouriteTemplates } from '../../features/market/components/TemplateLists.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/market/market.css';
import '../../i18n/market.ts';

const VIEWS = ['templates', 'contents'] as const;
type View = (typeof VIEWS)[number];
const isView = (v: string | null): v is View => (VIEWS as readonly (string | null)[]).includes(v);

/**
 * My favourites (SPEC 2, favorite/index): the kept templates and the kept articles and
 * videos, as two views of one screen. The view is in the address, so back from an
 * article returns to it.
 */
function Favourites() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const actions = useTemplateActions();
  const asked = params.get('view');
  const view: View = isView(asked) ? asked : 'templates';
  return (
    <div className="page" data-testid="page-favorite">
      <PageBar title={t('market.favorite.title')} />
      <TabRow
        label={t('market.favorite.views')}
        testId="favorite-tab"
        value={view}
        onChange={(key) => setParams({ view: key }, { replace: true })}
        tabs={VIEWS.map((v) => ({ key: v, title: t(`market.favorite.${v}`) }))}
      />
      {view === 'templates' ? (
        <FavouriteTemplates actions={actions} onBrowse={() => navigate('/pages/market/index')} />
      ) : (
        <FavouriteContents />
      )}
      {actions.popups}
    </div>
  );
}

export default function FavoritePage() {
  return (
    <RequireLogin>
      <Favourites />
    </RequireLogin>
  );
}
