import { CONTENT_TYPES, type FavouriteContent } from '@cab/contracts/client';
import { MoreRows } from '../../../app/MoreRows.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { marketQueries, useMarketUser } from '../api.ts';
import { MarketGlyph } from './glyphs.tsx';
import { TemplateListSkeleton } from './TemplateCard.tsx';
import '../../../i18n/market.ts';
import '../market.css';

/** Where an article or a video opens (SPEC 3: type '0' is an article, any other a video). */
export const contentPath = (c: Pick<FavouriteContent, 'type' | 'contentId'>): string =>
  `/bookDetail/pages/${c.type === CONTENT_TYPES.article ? 'book-detail' : 'book-video'}?id=${encodeURIComponent(c.contentId)}`;

function ContentRow({ content }: { content: FavouriteContent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const article = content.type === CONTENT_TYPES.article;
  return (
    <li>
      <button type="button" className="market-content" data-testid={`content-${content.id}`} onClick={() => navigate(contentPath(content))}>
        <span className="market-content-cover" style={content.cover_url ? { backgroundImage: `url(${content.cover_url})` } : undefined}>
          {!article && <MarketGlyph name="playMark" size={32} />}
        </span>
        <span className="market-content-body">
          <span className="market-content-title">{content.title}</span>
          <span className="market-card-desc">{content.summary}</span>
          <span className="market-content-kind">
            <MarketGlyph name={article ? 'article' : 'play'} /> {t(article ? 'market.favorite.article' : 'market.favorite.video')}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The caller's kept articles and videos, the latest kept first, a page at a time as the end comes into view. */
export function FavouriteContents() {
  const { t } = useTranslation();
  const { uid } = useMarketUser();
  const q = useInfiniteQuery(marketQueries.favouriteContents(uid));
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isPending) return <TemplateListSkeleton />;
  if (q.isError) return <LoadFailed onRetry={q.refetch} />;
  if (rows.length === 0)
    return (
      <EmptyState
        kind="empty"
        testId="contents-empty"
        title={t('market.favorite.emptyContents')}
        description={t('market.favorite.emptyContentsHint')}
      />
    );
  return (
    <>
      <ul className="market-content-list" data-testid="content-list">
        {rows.map((c) => (
          <ContentRow key={c.id} content={c} />
        ))}
      </ul>
      <MoreRows
        next={() => q.fetchNextPage()}
        hasMore={q.hasNextPage}
        className="market-more"
        buttonClassName="market-link"
        texts={{ failed: t('market.reviews.retryLoad'), loading: t('market.reviews.loadingMore'), end: null }}
      />
    </>
  );
}
