import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { isTemplateGone, marketQueries, useMarketUser } from '../api.ts';
import '../../../i18n/market.ts';

/** The template a page is about (`?id=`), loaded for the caller. */
export function useTemplateOfPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { uid } = useMarketUser();
  const { i18n } = useTranslation();
  const q = useQuery({ ...marketQueries.template(uid, id, i18n.language), enabled: Boolean(id) });
  return { id, q };
}

/**
 * What a template's page shows until it has the template: its shape while loading, a
 * failure with a retry, or, for a template that does not exist, the way back to the
 * market. A page never draws half of itself under an error (docs/ui.md).
 */
export function TemplateState({ id, q }: ReturnType<typeof useTemplateOfPage>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (id && q.data) return null;
  if (id && q.isPending)
    return (
      <div className="padded" data-testid="template-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (id && q.isError && !isTemplateGone(q.error)) return <LoadFailed full onRetry={q.refetch} />;
  return (
    <EmptyState
      kind="notFound"
      full
      testId="template-gone"
      title={t('market.detail.notFound')}
      description={t('market.detail.notFoundHint')}
      action={
        <Button color="primary" onClick={() => navigate('/pages/market/index', { replace: true })}>
          {t('market.detail.backToMarket')}
        </Button>
      }
    />
  );
}
