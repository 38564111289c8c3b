import { ErrorBlock } from './ErrorBlock.tsx';
import { useTranslation } from '../i18n/index.ts';

/** The one error state for a query that failed to load: say so, offer a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      status="default"
      title={t('common.loadFailed')}
      description={<a data-testid="load-retry" onClick={() => void onRetry()}>{t('common.retry')}</a>}
    />
  );
}
