import { useTranslation } from '../../../i18n/index.ts';
import type { DraftImage } from '../draft.ts';
import { useImageSrc } from '../images.ts';
import { Glyph } from './glyphs.tsx';
import '../../../i18n/accounting.ts';

/** A form image: its picture (private images fetched with the token), upload progress, or a failed upload's retry. */
export function Thumb({ image, index, bookId, onOpen }: { image: DraftImage; index: number; bookId: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const { src, failed } = useImageSrc(image, bookId);
  const name = t('album.image', { n: index + 1 });
  const status =
    image.status === 'uploading'
      ? t('album.uploading', { p: Math.round(image.progress * 100) })
      : image.status === 'failed'
        ? t('album.failed')
        : undefined;
  return (
    <button
      type="button"
      className="thumb"
      data-testid={`thumb-${index}`}
      data-status={image.status}
      aria-label={status ? `${name} ${status}` : name}
      onClick={onOpen}
    >
      {src ? <img src={src} alt="" /> : <span className="thumb-empty">{failed && <Glyph name="image" size={22} />}</span>}
      {image.status === 'uploading' && (
        <span className="thumb-progress" aria-hidden="true">
          <span className="thumb-bar" style={{ width: `${Math.round(image.progress * 100)}%` }} />
          <span className="thumb-percent">{Math.round(image.progress * 100)}%</span>
        </span>
      )}
      {image.status === 'failed' && (
        <span className="thumb-failed" aria-hidden="true">
          {t('common.retry')}
        </span>
      )}
    </button>
  );
}
