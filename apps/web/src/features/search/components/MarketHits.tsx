import type { ContentSummary, TemplateSummary } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { Link } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/content.ts';
import { templateText } from '../../books/queries.ts';
import { contentQueries, useContentUser } from '../../content/api.ts';
import { contentPath, isVideo } from '../../content/format.ts';
import { PlayMark } from '../../content/components/glyphs.tsx';
import '../../content/content.css';

function TemplateRow({ template }: { template: TemplateSummary }) {
  const { t, i18n } = useTranslation();
  const { name, description } = templateText(template, i18n.language);
  return (
    <Link
      to={`/pages/market/detail?id=${encodeURIComponent(template.id)}`}
      className="market-hit"
      data-testid={`search-template-${template.id}`}
    >
      <span className="market-hit-thumb template" style={{ backgroundImage: template.cover ? `url(${template.cover})` : undefined }} />
      <span className="market-hit-main">
        <span className="market-hit-title">{name}</span>
        {description && <span className="market-hit-sub">{description}</span>}
      </span>
      <span className="market-hit-meta">{t('content.detail.templateUsers', { count: template.use_count })}</span>
    </Link>
  );
}

function ContentRow({ content: c }: { content: ContentSummary }) {
  const { t } = useTranslation();
  const video = isVideo(c);
  return (
    <Link to={contentPath(c)} className="market-hit" data-testid={`search-content-${c.id}`}>
      <span className="market-hit-thumb">
        {c.cover_url && <img src={c.cover_url} alt="" loading="lazy" decoding="async" />}
        {video && <PlayMark size={26} />}
      </span>
      <span className="market-hit-main">
        <span className="market-hit-title">{c.title}</span>
        {c.summary && <span className="market-hit-sub">{c.summary}</span>}
      </span>
      <span className="market-hit-meta">{video ? t('content.flow.video') : t('content.flow.article')}</span>
    </Link>
  );
}

/**
 * The global search's market half (GET configMarketSearch ?key_word=&type=3): the
 * templates whose words hold the keyword (each opens in the market) and the articles
 * and videos (each opens its page), in two groups beside the book results.
 */
export function MarketHits({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const { uid } = useContentUser();
  const key = keyword.trim();
  const search = useQuery({ ...contentQueries.search(uid, key), enabled: Boolean(key) });
  const groups = [
    { id: 'templates', title: t('content.search.templates'), none: t('content.search.noTemplates', { keyword: key }) },
    { id: 'contents', title: t('content.search.contents'), none: t('content.search.noContents', { keyword: key }) },
  ] as const;
  return (
    <>
      {/* A failure shows once, with one retry for both groups. */}
      {groups.slice(0, search.isError ? 1 : 2).map((g) => {
        const rows = search.data?.[g.id] ?? [];
        return (
          <section
            key={g.id}
            className="search-section"
            data-testid={`search-market-${g.id}`}
            aria-labelledby={`search-market-${g.id}-title`}
          >
            <div className="search-block-head">
              <h2 id={`search-market-${g.id}-title`}>{g.title}</h2>
            </div>
            {search.isPending ? (
              <div className="search-tags-loading padded">
                <Skeleton.Paragraph lineCount={2} animated />
              </div>
            ) : search.isError ? (
              <LoadFailed onRetry={search.refetch} />
            ) : !rows.length ? (
              <EmptyState kind="noResults" testId={`search-no-${g.id}`} title={g.none} />
            ) : (
              <div className="search-card">
                {g.id === 'templates'
                  ? (search.data?.templates ?? []).map((x) => <TemplateRow key={x.id} template={x} />)
                  : (search.data?.contents ?? []).map((x) => <ContentRow key={x.id} content={x} />)}
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
