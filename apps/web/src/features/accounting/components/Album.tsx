import { TRANSACTION_IMAGES_MAX } from '@cab/contracts/client';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import type { DraftImage } from '../draft.ts';
import { addFiles, retryImage, uploadRefusal } from '../images.ts';
import { Glyph } from './glyphs.tsx';
import { Sheet } from './lazy.tsx';
import { Thumb } from './Thumb.tsx';
import '../../../i18n/accounting.ts';

/**
 * Choosing images (SPEC 5): the cloud space is asked first (not permitted, or a tip,
 * blocks the choice); then the camera or the album, original or compressed (the
 * 原图 switch), up to 9 in all. Shared by the form and the image preview.
 */
export function useImageChooser(bookId: string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const album = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [original, setOriginal] = useState(false);
  const [checking, setChecking] = useState(false);

  const start = async () => {
    if (checking) return;
    setChecking(true);
    try {
      const refusal = await uploadRefusal(qc, bookId);
      if (refusal) return showToast(refusal);
      setChoosing(true);
    } catch {
      showToast(t('album.uploadFailed'));
    } finally {
      setChecking(false);
    }
  };
  const onFiles = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = ''; // the same file can be chosen again
    void addFiles(bookId, files, original);
  };
  const pick = (which: 'album' | 'camera') => {
    setChoosing(false);
    (which === 'album' ? album : camera).current?.click();
  };
  const elements = (
    <>
      <input ref={album} type="file" accept="image/*" multiple hidden data-testid="album-file" onChange={(e) => onFiles(e.currentTarget)} />
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => onFiles(e.currentTarget)} />
      <Sheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        label={t('album.add')}
        actions={[
          { key: 'camera', text: <span data-testid="album-camera">{t('album.camera')}</span>, onClick: () => pick('camera') },
          { key: 'album', text: <span data-testid="album-album">{t('album.album')}</span>, onClick: () => pick('album') },
        ]}
      />
    </>
  );
  return { start, elements, original, setOriginal, checking };
}

/**
 * The form's images: thumbnails (a tap opens the preview; a failed one retries), add, and
 * the 原图 switch; `readOnly` (a role that may not change the record): the thumbnails only.
 */
export function Album({
  bookId,
  images,
  onOpen,
  readOnly,
}: {
  bookId: string;
  images: DraftImage[];
  onOpen: (index: number) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const chooser = useImageChooser(bookId);
  if (readOnly && !images.length) return null;
  return (
    <div className="album" data-testid="album">
      <div className="album-strip">
        {images.map((img, i) => (
          <Thumb
            key={img.key}
            image={img}
            index={i}
            bookId={bookId}
            onOpen={() => (img.status === 'failed' ? void retryImage(bookId, img) : onOpen(i))}
          />
        ))}
        {!readOnly && images.length < TRANSACTION_IMAGES_MAX && (
          <button
            type="button"
            className="thumb add"
            data-testid="album-add"
            aria-label={`${t('album.add')} ${images.length}/${TRANSACTION_IMAGES_MAX}`}
            aria-busy={chooser.checking}
            onClick={() => void chooser.start()}
          >
            <Glyph name="camera" size={22} />
            <span className="thumb-count">
              {images.length}/{TRANSACTION_IMAGES_MAX}
            </span>
          </button>
        )}
      </div>
      {!readOnly && (
        <label className="album-original">
          <input
            type="checkbox"
            data-testid="album-original"
            checked={chooser.original}
            onChange={(e) => chooser.setOriginal(e.target.checked)}
          />
          {t('album.original')}
        </label>
      )}
      {chooser.elements}
    </div>
  );
}
