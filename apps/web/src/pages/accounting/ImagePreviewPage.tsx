import { TRANSACTION_IMAGES_MAX } from '@cab/contracts/client';
import { Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { useImageChooser } from '../../features/accounting/components/Album.tsx';
import { Glyph } from '../../features/accounting/components/glyphs.tsx';
import { useDraft, type DraftImage } from '../../features/accounting/draft.ts';
import { saveImage, useImageSrc } from '../../features/accounting/images.ts';
import { accountingQueries, useCurrentBookId } from '../../features/accounting/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/accounting/accounting.css';
import '../../i18n/accounting.ts';

function Slide({ image, index, bookId }: { image: DraftImage; index: number; bookId: string }) {
  const { t } = useTranslation();
  const { src, failed } = useImageSrc(image, bookId);
  return (
    <div className="preview-slide" data-testid={`preview-slide-${index}`}>
      {src ? (
        <img src={src} alt={t('album.image', { n: index + 1 })} />
      ) : failed ? (
        <span className="preview-note">{t('album.loadFailed')}</span>
      ) : (
        <span className="cab-spinner" role="progressbar" aria-label={t('common.loading')} />
      )}
      {image.status === 'uploading' && (
        <span className="preview-note">{t('album.uploading', { p: Math.round(image.progress * 100) })}</span>
      )}
    </div>
  );
}

/**
 * image-preview (SPEC 2): view mode shows a record's images (`?id=` the record);
 * edit mode the form's, with delete and add. Both save an image to the device, which
 * only works for network images (SPEC 5).
 */
function Preview() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bookId = useCurrentBookId();
  const recordId = params.get('id');
  const edit = params.get('mode') !== 'view' && !recordId;
  const draftImages = useDraft((s) => s.images);
  const record = useQuery({ ...accountingQueries.transaction(bookId, recordId ?? ''), enabled: Boolean(recordId && bookId) });
  const images: DraftImage[] | undefined = edit
    ? draftImages
    : record.data?.images.map((i) => ({ key: i.id, status: 'done', progress: 1, id: i.id, url: i.url }));
  const [index, setIndex] = useState(() => Math.max(0, Number(params.get('index')) || 0));
  const strip = useRef<HTMLDivElement>(null);
  const chooser = useImageChooser(bookId);
  const count = images?.length ?? 0;
  const current = images?.[Math.min(index, count - 1)];

  // Opens on the image that was tapped.
  const ready = Boolean(images);
  useLayoutEffect(() => {
    const el = strip.current;
    if (el) el.scrollLeft = el.clientWidth * index;
    // Only when the images first arrive; afterwards the strip's scrolling moves the index.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const remove = () => {
    if (!current) return;
    useDraft.getState().removeImage(current.key);
    showToast(t('album.removed'));
    setIndex((i) => Math.max(0, Math.min(i, count - 2)));
  };

  const body = () => {
    if (!edit && record.isError) return <LoadFailed full onRetry={record.refetch} />;
    if (!images)
      return (
        <div className="section padded">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      );
    if (!images.length) return <EmptyState kind="empty" full title={t('album.empty')} />;
    return (
      <div
        className="preview-strip"
        ref={strip}
        data-testid="preview-strip"
        // Focusable, so the arrow keys scroll between images as a swipe does.
        tabIndex={0}
        role="region"
        aria-label={t('album.preview')}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {images.map((img, i) => (
          <Slide key={img.key} image={img} index={i} bookId={bookId} />
        ))}
      </div>
    );
  };

  return (
    <div className="page preview-page" data-testid="page-image-preview">
      <PageBar title={count ? `${Math.min(index, count - 1) + 1}/${count}` : t('album.preview')} />
      {/* Takes the height left whatever the state, so the toolbar stays at the bottom. */}
      <div className="preview-body">{body()}</div>
      <div className="preview-actions">
        {edit && (
          <button type="button" className="preview-action danger-text" data-testid="preview-delete" disabled={!current} onClick={remove}>
            <Glyph name="trash" size={22} />
            {t('album.remove')}
          </button>
        )}
        <button
          type="button"
          className="preview-action"
          data-testid="preview-save"
          disabled={!current}
          onClick={() => current && void saveImage(current, bookId)}
        >
          <Glyph name="download" size={22} />
          {t('album.save')}
        </button>
        {edit && (
          <button
            type="button"
            className="preview-action"
            data-testid="preview-add"
            disabled={count >= TRANSACTION_IMAGES_MAX}
            onClick={() => void chooser.start()}
          >
            <Glyph name="plus" size={22} />
            {t('album.add')}
          </button>
        )}
      </div>
      {edit && chooser.elements}
    </div>
  );
}

export default function ImagePreviewPage() {
  return (
    <RequireLogin>
      <Preview />
    </RequireLogin>
  );
}
