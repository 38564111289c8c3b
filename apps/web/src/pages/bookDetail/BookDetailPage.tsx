// The content area's texts and styles load with this page.
import '../../i18n/content.ts';
import '../../features/content/content.css';
import '../../features/content/content-page.css';
import { CONTENT_CATEGORIES } from '@cab/contracts/client';
import { ContentFrame } from '../../features/content/components/ContentFrame.tsx';
import { TemplateCard } from '../../features/content/components/TemplateCard.tsx';
import { aspect } from '../../features/content/format.ts';

/**
 * bookDetail/pages/book-detail?id=: an article. Its body is HTML the server has already
 * cleaned to an allow-list when it was published (docs/market.md), so it is drawn as
 * markup, in a readable article style. An article about a book (content_category '1')
 * ends with its template and the way to keep books with it.
 */
export default function BookDetailPage() {
  return (
    <ContentFrame
      kind="article"
      testId="page-book-detail"
      after={(c) =>
        c.content_category === CONTENT_CATEGORIES.book && c.contentDetail.trading_entity ? (
          <TemplateCard templateId={c.contentDetail.trading_entity} template={c.contentDetail.template} />
        ) : null
      }
    >
      {(c) => (
        <>
          {c.cover_url && (
            <img className="content-detail-cover" src={c.cover_url} alt="" style={{ aspectRatio: aspect(c) }} decoding="async" />
          )}
          <div
            className="content-article"
            data-testid="content-body"
            // Sanitised by the server to the allow-list when written (ContentDetail.body_html).
            dangerouslySetInnerHTML={{ __html: c.contentDetail.body_html }}
          />
        </>
      )}
    </ContentFrame>
  );
}
