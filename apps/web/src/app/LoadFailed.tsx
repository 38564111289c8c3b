import { Button } from 'antd-mobile';
import { useTranslation } from '../i18n/index.ts';
import { EmptyState } from './EmptyState.tsx';

/** The one error state for a query that failed to load: say so, offer a retry. */
export function LoadFailed({ onRetry, full }: { onRetry: () => unknown; full?: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      kind="failed"
      full={full}
      testId="load-failed"
      title={t('common.loadFailed')}
      description={t('common.loadFailedHint')}
      action={
        <Button size="small" color="primary" fill="outline" data-testid="load-retry" onClick={() => void onRetry()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
