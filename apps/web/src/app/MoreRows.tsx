import { InfiniteScroll } from 'antd-mobile';

/**
 * The next page of a list, fetched as its end scrolls into view (every paged list: flows,
 * reviews, comments, messages...): what it is doing, a retry when it failed, or the end.
 * `end` null shows nothing once everything is there.
 */
export function MoreRows({
  next,
  hasMore,
  testId,
  className,
  buttonClassName = 'link-button',
  texts,
}: {
  next: () => Promise<{ isError: boolean; error: unknown }>;
  hasMore: boolean;
  testId?: string;
  className: string;
  buttonClassName?: string;
  texts: { failed: string; loading: string; end: string | null };
}) {
  const loadMore = async () => {
    const r = await next();
    if (r.isError) throw r.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
      {(more, failed, retry) => (
        <span className={className} data-testid={testId}>
          {failed ? (
            <button type="button" className={buttonClassName} onClick={() => void retry()}>
              {texts.failed}
            </button>
          ) : more ? (
            texts.loading
          ) : (
            texts.end
          )}
        </span>
      )}
    </InfiniteScroll>
  );
}
