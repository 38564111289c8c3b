import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/** The next page of a list, fetched as its end scrolls into view: what it is doing, a retry when it failed, or the end. */
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
  const loadMore = async () => {
    const r = await next();
    if (r.isError) throw r.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
      {(more, failed, retry) => (
        <span className="flow-more" data-testid={testId}>
          {failed ? (
            <button type="button" className="link-button" onClick={() => void retry()}>
              {t('flow.loadMoreFailed')}
            </button>
          ) : more ? (
            t('flow.loadingMore')
          ) : (
            t('flow.noMore')
          )}
        </span>
      )}
    </InfiniteScroll>
  );
}
