import { MoreRows as Rows } from '../../../app/MoreRows.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/** The flows' next page (app/MoreRows.tsx) in their words and style. */
export function MoreRows({
  next,
  hasMore,
  testId,
}: {
  next: () => Promise<{ isError: boolean; error: unknown }>;
  hasMore: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Rows
      next={next}
      hasMore={hasMore}
      testId={testId}
      className="flow-more"
      texts={{ failed: t('flow.loadMoreFailed'), loading: t('flow.loadingMore'), end: t('flow.noMore') }}
    />
  );
}
