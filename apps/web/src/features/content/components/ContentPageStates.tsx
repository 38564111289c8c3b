import { Button, Skeleton } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { useTranslation } from '../../../i18n/index.ts';

/** An article or video that does not exist (404 code 1065), or a link without an id. */
export function ContentGone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="notFound"
      full
      testId="content-not-found"
      title={t('content.detail.notFound')}
      description={t('content.detail.notFoundHint')}
      action={
        <Button color="primary" onClick={() => navigate('/pages/home/index', { replace: true })}>
          {t('content.detail.backHome')}
        </Button>
      }
    />
  );
}

/** The page's shape while it loads: the title, a cover, paragraphs. */
export function ContentSkeleton() {
  return (
    <div className="content-skeleton" data-testid="content-loading">
      <Skeleton.Title animated />
      <Skeleton animated className="content-cover-skeleton" />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}
