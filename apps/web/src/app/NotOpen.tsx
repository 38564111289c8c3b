import { Button } from 'antd-mobile';
import { ErrorBlock } from './ErrorBlock.tsx';
import { useTranslation } from '../i18n/index.ts';
import { useNavigate } from 'react-router';
import { PageBar } from './PageBar.tsx';

/** The one plain notice for a page whose area has not landed yet. */
export default function NotOpen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="not-open">
      <PageBar title={t('notOpen.title')} />
      <ErrorBlock status="empty" title={t('notOpen.title')} description={t('notOpen.body')} fullPage>
        <Button color="primary" onClick={() => navigate('/pages/home/index')}>
          {t('notOpen.home')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
