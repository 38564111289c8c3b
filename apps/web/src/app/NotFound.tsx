import { Button } from 'antd-mobile';
import { useNavigate } from '../lib/hash-router.tsx';
import { useTranslation } from '../i18n/index.ts';
import { EmptyState } from './EmptyState.tsx';
import { PageBar } from './PageBar.tsx';

/** A link to a page the app does not have. */
export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="not-found">
      <PageBar title={t('notFound.title')} />
      <EmptyState
        kind="notFound"
        full
        title={t('notFound.title')}
        description={t('notFound.body')}
        action={
          <Button color="primary" onClick={() => navigate('/pages/home/index', { replace: true })}>
            {t('notOpen.home')}
          </Button>
        }
      />
    </div>
  );
}
