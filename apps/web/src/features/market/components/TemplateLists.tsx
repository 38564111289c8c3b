import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { marketQueries, useMarketUser } from '../api.ts';
import { LoginButton } from './LoginPrompt.tsx';
import type { TemplateActions } from './TemplateActions.tsx';
import { TemplateList, TemplateListSkeleton } from './TemplateCard.tsx';
import '../../../i18n/market.ts';

/** The templates of a category (a first-level code lists all of its children's). */
export function CategoryTemplates({ code, actions }: { code: string; actions: TemplateActions }) {
  const { t } = useTranslation();
  const { uid } = useMarketUser();
  const q = useQuery({ ...marketQueries.list(uid, code), enabled: Boolean(code) });
  if (q.isPending) return <TemplateListSkeleton />;
  if (q.isError) return <LoadFailed onRetry={q.refetch} />;
  if (q.data.length === 0) return <EmptyState kind="empty" title={t('market.empty')} description={t('market.emptyHint')} />;
  return <TemplateList templates={q.data} actions={actions} />;
}

/**
 * The caller's kept templates, the latest kept first. Logged out it says why there is
 * nothing and leads to the login page, which comes back here (SPEC 2: the favourites
 * tab needs login).
 */
export function FavouriteTemplates({ actions, onBrowse }: { actions: TemplateActions; onBrowse?: () => void }) {
  const { t } = useTranslation();
  const { uid, loggedIn } = useMarketUser();
  const q = useQuery({ ...marketQueries.collected(uid), enabled: loggedIn });
  if (!loggedIn)
    return (
      <EmptyState
        kind="loggedOut"
        testId="favourites-logged-out"
        title={t('market.login.favourites')}
        description={t('market.login.hint')}
        action={<LoginButton testId="favourites-login" />}
      />
    );
  if (q.isPending) return <TemplateListSkeleton />;
  if (q.isError) return <LoadFailed onRetry={q.refetch} />;
  if (q.data.length === 0)
    return (
      <EmptyState
        kind="empty"
        testId="favourites-empty"
        title={t('market.emptyFavourites')}
        description={t('market.emptyFavouritesHint')}
        action={
          onBrowse && (
            <Button size="small" color="primary" fill="outline" onClick={onBrowse}>
              {t('market.browse')}
            </Button>
          )
        }
      />
    );
  return <TemplateList templates={q.data} actions={actions} />;
}

/** The templates whose words hold the key word (the market's search). */
export function SearchTemplates({ keyword, actions }: { keyword: string; actions: TemplateActions }) {
  const { t } = useTranslation();
  const { uid } = useMarketUser();
  const q = useQuery(marketQueries.search(uid, keyword));
  if (q.isPending) return <TemplateListSkeleton />;
  if (q.isError) return <LoadFailed onRetry={q.refetch} />;
  if (q.data.templates.length === 0)
    return (
      <EmptyState
        kind="noResults"
        testId="market-search-none"
        title={t('market.search.none', { key: keyword })}
        description={t('market.search.noneHint')}
      />
    );
  return <TemplateList templates={q.data.templates} actions={actions} />;
}
