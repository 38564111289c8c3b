import type { ContentSummary } from '@cab/contracts/client';
import { Skeleton } from 'antd-mobile';
import { Link } from '../../../lib/hash-router.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { aspect, contentPath, formatDuration, isVideo, summaryDuration, tagName } from '../format.ts';
import { Heart, PlayMark } from './glyphs.tsx';
import '../content.css';

/**
 * An article or video in a list (the home info flow, search): the cover at its own
 * aspect (width:height, SPEC 3), the title, the summary, its tags and how many keep it.
 * A video's poster carries the play mark and, when known, its length. The whole card
 * is one link to its page.
 */
export function ContentCard({ content: c }: { content: ContentSummary }) {
  const { t, i18n } = useTranslation();
  const video = isVideo(c);
  const duration = video ? summaryDuration(c) : undefined;
  return (
    <Link to={contentPath(c)} className="content-card" data-testid={`content-${c.id}`} data-type={video ? 'video' : 'article'}>
      {c.cover_url && (
        <span className="content-cover" style={{ aspectRatio: aspect(c) }}>
          {/* The title beside it names the card; the picture adds nothing to read aloud. */}
          <img src={c.cover_url} alt="" loading="lazy" decoding="async" />
          {video && (
            <>
              <PlayMark />
              {duration !== undefined && (
                <span className="content-duration" aria-label={t('content.flow.duration', { time: formatDuration(duration) })}>
                  {formatDuration(duration)}
                </span>
              )}
            </>
          )}
        </span>
      )}
      <span className="content-body">
        <span className="content-title">
          {video && <span className="content-kind">{t('content.flow.video')}</span>}
          {c.title}
        </span>
        {c.summary && <span className="content-summary">{c.summary}</span>}
        <span className="content-meta">
          <span className="content-tags">
            {c.tags.map((tag) => (
              <span key={tag.tag_code} className="content-tag">
                {tagName(tag, i18n.language)}
              </span>
            ))}
          </span>
          <span className="content-collects" data-testid={`content-collects-${c.id}`}>
            <Heart on={c.collected} />
            {t('content.flow.collects', { count: c.collect_count })}
          </span>
        </span>
      </span>
    </Link>
  );
}

/** Two cards' worth of placeholder while the first page comes (docs/ui.md: a skeleton in the shape of what is coming). */
export function ContentCardsSkeleton() {
  return (
    <div data-testid="info-flow-loading">
      {[0, 1].map((i) => (
        <div key={i} className="content-card skeleton">
          <Skeleton animated className="content-cover-skeleton" />
          <div className="content-body">
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        </div>
      ))}
    </div>
  );
}
