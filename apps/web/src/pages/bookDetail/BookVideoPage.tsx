// The content area's texts and styles load with this page.
import '../../i18n/content.ts';
import '../../features/content/content.css';
import '../../features/content/content-page.css';
import { ContentFrame } from '../../features/content/components/ContentFrame.tsx';
import { aspect } from '../../features/content/format.ts';

/**
 * bookDetail/pages/book-video?id=: a video. The player is the browser's own, sized by the
 * video's width and height, playing inline on phones (no full-screen takeover), with the
 * cover as its poster; below it the title, the summary and the text.
 */
export default function BookVideoPage() {
  return (
    <ContentFrame
      kind="video"
      testId="page-book-video"
      media={(c) => (
        <div className="content-video-frame" style={{ aspectRatio: aspect(c) }}>
          <video
            className="content-video"
            data-testid="content-video"
            controls
            playsInline
            preload="metadata"
            poster={c.cover_url || undefined}
            src={c.contentDetail.video_url}
            aria-label={c.title}
          />
        </div>
      )}
    >
      {(c) => (
        <>
          {c.summary && <p className="content-summary-text">{c.summary}</p>}
          {c.contentDetail.body_html && (
            <div
              className="content-article"
              data-testid="content-body"
              // Sanitised by the server to the allow-list when written (ContentDetail.body_html).
              dangerouslySetInnerHTML={{ __html: c.contentDetail.body_html }}
            />
          )}
        </>
      )}
    </ContentFrame>
  );
}
