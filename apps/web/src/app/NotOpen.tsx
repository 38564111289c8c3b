import { Button } from 'antd-mobile';
import { useNavigate } from '../lib/hash-router.tsx';
import { useTranslation } from '../i18n/index.ts';
import { EmptyState } from './EmptyState.tsx';
import { PageBar } from './PageBar.tsx';
import type { Area } from './route-table.ts';

/**
 * The one plain notice for a page whose area has not landed yet, titled with the
 * area's name. A tab page has no way back (the tab bar is the way out).
 */
export default function NotOpen({ area, tab }: { area: Area; tab?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = t(`areas.${area}`);
  return (
    <div className="page" data-testid="not-open">
      <PageBar title={name} back={!tab} />
      <EmptyState
        kind="notOpen"
        full
        title={t('notOpen.title')}
        description={t('notOpen.body', { name })}
        action={
          !tab && (
            <Button color="primary" onClick={() => navigate('/pages/home/index')}>
              {t('notOpen.home')}
            </Button>
          )
        }
      />
    </div>
  );
}
