import type { ContentDetail } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from '../../../lib/hash-router.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { PageBar } from '../../../app/PageBar.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { contentQueries, isContentGone, useContentUser } from '../api.ts';
import { contentPath, formatDay, isVideo, tagName } from '../format.ts';
import { appUrl } from '../operations.ts';
import { shareAppLink } from '../share.tsx';
import { CollectButton } from './CollectButton.tsx';
import { ContentGone, ContentSkeleton } from './ContentPageStates.tsx';
import { ContentGlyph } from './glyphs.tsx';

/**
 * What an article's page and a video's page share: the content of `?id=` loaded, its
 * states (loading, gone, failed), the page bar, the heading (title, author, day), the
 * tags, and the bottom bar with collect and share. A link of the other kind (a video's
 * id on the article page) goes to the right page.
 */
export function ContentFrame({
  kind,
  testId,
  media,
  children,
  after,
}: {
  kind: 'article' | 'video';
  testId: string;
  /** What comes before the heading (a video's player). */
  media?: (c: ContentDetail) => ReactNode;
  /** What follows the heading (the cover and body, a summary, a template). */
  children: (c: ContentDetail) => ReactNode;
  /** What follows the tags (an article's template). */
  after?: (c: ContentDetail) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { uid } = useContentUser();
  const content = useQuery({ ...contentQueries.one(uid, id), enabled: /^\d+$/.test(id) });
  const title = kind === 'video' ? t('content.detail.videoTitle') : t('content.detail.articleTitle');
  const c = content.data;
  const gone = !/^\d+$/.test(id) || (content.isError && isContentGone(content.error));
  if (c && isVideo(c) !== (kind === 'video')) return <Navigate to={contentPath(c)} replace />;
  const share = c
    ? () => void shareAppLink({ title: c.title, text: c.summary || c.title, url: appUrl(contentPath(c).slice(1)) })
    : undefined;
  return (
    <div className="page content-page" data-testid={testId}>
      <PageBar title={title} />
      {gone ? (
        <ContentGone />
      ) : content.isError ? (
        <LoadFailed full onRetry={() => content.refetch()} />
      ) : !c ? (
        <ContentSkeleton />
      ) : (
        <>
          <article className="content-main" data-testid="content-main">
            {media?.(c)}
            <header className="content-head">
              <h1 className="content-headline" data-testid="content-title">
                {c.title}
              </h1>
              <p className="content-byline">
                {c.author
                  ? t('content.detail.published', { author: c.author, date: formatDay(c.published_at, i18n.language) })
                  : formatDay(c.published_at, i18n.language)}
              </p>
            </header>
            {children(c)}
            {c.tags.length > 0 && (
              <ul className="content-detail-tags" aria-label={t('content.tags.label')}>
                {c.tags.map((tag) => (
                  <li key={tag.tag_code} className="content-tag">
                    {tagName(tag, i18n.language)}
                  </li>
                ))}
              </ul>
            )}
            {after?.(c)}
          </article>
          <div className="content-actions">
            <CollectButton content={c} />
            <button type="button" className="content-share" data-testid="content-share" onClick={share}>
              <ContentGlyph name="share" size={22} />
              <span>{t('content.detail.share')}</span>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
