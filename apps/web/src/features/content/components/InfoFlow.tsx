import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MoreRows } from '../../../app/MoreRows.tsx';
import { Suspense, lazy, useMemo, useState } from 'react';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/content.ts';
import { ALL_TAGS, contentQueries, useContentUser } from '../api.ts';
import { mergeFlow } from '../operations.ts';
import '../content.css';
import { ContentCard, ContentCardsSkeleton } from './ContentCard.tsx';
import { OperationCard } from './OperationCard.tsx';
import { TagRow } from './TagRow.tsx';

// The choice of tags carries antd-mobile's popup: it loads when first opened.
const TagSheet = lazy(() => import('./TagSheet.tsx'));

/**
 * The home info flow (SPEC 2; docs/market.md, "The home info flow"): the tag filter,
 * then the articles and videos of the active tag (or of all), the latest first, a page
 * at a time as the end scrolls into view, with the operator's cards at their places.
 * Its own chunk, so home's first load does not carry it.
 */
export default function InfoFlow() {
  const { t } = useTranslation();
  const { uid } = useContentUser();
  const tags = useQuery(contentQueries.tags(uid));
  const [picked, setPicked] = useState(ALL_TAGS);
  const [managing, setManaging] = useState(false);
  const [sheetOpened, setSheetOpened] = useState(false);
  const chosen = useMemo(() => tags.data?.filter((x) => x.is_selected) ?? [], [tags.data]);
  // A tag dropped while it was active leaves the filter on 全部.
  const active = chosen.some((x) => x.tagCode === picked) ? picked : ALL_TAGS;
  const flow = useInfiniteQuery(contentQueries.flow(uid, active));
  // The cards are extras: if they fail, the flow shows without them.
  const operations = useQuery(contentQueries.operations());
  const contents = useMemo(() => flow.data?.pages.flatMap((p) => p.data) ?? [], [flow.data]);
  const items = useMemo(() => mergeFlow(contents, operations.data ?? [], flow.hasNextPage), [contents, operations.data, flow.hasNextPage]);
  // The first time, the tags (which may wrap to a second row), the contents and the cards
  // between them are drawn together (a failed call counts as answered): none arriving late
  // pushes the others down under the reader. After that the row stays while a tag's page loads.
  const [drawn, setDrawn] = useState(false);
  const waiting = !drawn && (tags.isPending || flow.isPending || operations.isPending);
  if (!drawn && !waiting) setDrawn(true);
  const manage = () => {
    setSheetOpened(true);
    setManaging(true);
  };

  return (
    <section className="info-flow" data-testid="info-flow" aria-label={t('content.flow.label')} data-tag={active}>
      {waiting ? null : <TagRow tags={chosen} active={active} onPick={setPicked} onManage={tags.data?.length ? manage : undefined} />}
      {waiting || flow.isPending ? (
        <ContentCardsSkeleton />
      ) : flow.isError && !flow.data ? (
        <LoadFailed onRetry={() => flow.refetch()} />
      ) : !contents.length ? (
        // The cards go between contents: with none, the flow is simply empty.
        <EmptyState
          kind="empty"
          testId="info-flow-empty"
          title={t('content.flow.empty')}
          description={active ? t('content.flow.emptyHint') : undefined}
        />
      ) : (
        <>
          <div className="info-flow-items" data-testid="info-flow-items">
            {items.map((item) =>
              item.kind === 'content' ? (
                <ContentCard key={`c-${item.content.id}`} content={item.content} />
              ) : (
                <OperationCard key={`o-${item.operation.id}`} operation={item.operation} />
              ),
            )}
          </div>
          <MoreRows
            next={() => flow.fetchNextPage()}
            hasMore={flow.hasNextPage}
            testId="info-flow-more"
            className="info-flow-more"
            texts={{ failed: t('content.flow.loadMoreFailed'), loading: t('content.flow.loadingMore'), end: t('content.flow.noMore') }}
          />
        </>
      )}
      {sheetOpened && tags.data && (
        <Suspense fallback={null}>
          <TagSheet visible={managing} tags={tags.data} onClose={() => setManaging(false)} />
        </Suspense>
      )}
    </section>
  );
}
