import { TRANSACTION_IMAGES_MAX } from '@cab/contracts/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../../app/toast.ts';
import { i18n, useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { formatMb, leftMb } from '../../../lib/space.ts';
import type { DraftImage } from '../draft.ts';
import { addFiles, onSpaceFull, retryImage, uploadRefusal, type SpaceRefusal } from '../images.ts';
import { accountingQueries, transactionKeys } from '../queries.ts';
import { Glyph } from './glyphs.tsx';
import { Sheet } from './lazy.tsx';
import { Thumb } from './Thumb.tsx';
import '../../../i18n/accounting.ts';

/** Where more space is bought for a book (the cloud area's page). */
const spacePage = (bookId: string) => `/cloud/index?bookId=${encodeURIComponent(bookId)}`;

/**
 * The space's tip when it refuses images (SPEC 5: its title, and what it says), with the
 * way to buy more space. The dialog's code loads on first use.
 */
async function tellSpaceFull(refusal: SpaceRefusal, buy: () => void, buyText: string): Promise<void> {
  const { confirmDialog } = await import('../../../app/confirm.tsx');
  const ok = await confirmDialog({
    content: (
      <div className="album-full" data-testid="album-space-full">
        <strong>{refusal.title}</strong>
        {refusal.content && <p>{refusal.content}</p>}
      </div>
    ),
    confirmText: <span data-testid="album-buy-space">{buyText}</span>,
  });
  if (ok) buy();
}

/**
 * Choosing images (SPEC 5): the cloud space is asked first (not permitted, or a tip,
 * blocks the choice with the tip and the way to buy space); then the camera or the album,
 * original or compressed (the 原图 switch), up to 9 in all. An upload the server refuses
 * because the space is full (1074) shows the same tip. Shared by the form and the image preview.
 */
export function useImageChooser(bookId: string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const album = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [original, setOriginal] = useState(false);
  const [checking, setChecking] = useState(false);

  // The space's tip (once for uploads refused together), when choosing is refused or an upload is.
  const telling = useRef(false);
  const tell = useCallback(
    (refusal?: SpaceRefusal) => {
      if (telling.current) return;
      telling.current = true;
      void tellSpaceFull(
        refusal ?? { title: i18n.t('album.notPermitted'), content: '' },
        () => navigate(spacePage(bookId)),
        i18n.t('album.buySpace'),
      ).finally(() => (telling.current = false));
    },
    [bookId, navigate],
  );
  // An upload refused for want of space: the space is asked again for its tip.
  useEffect(
    () =>
      onSpaceFull((id, message) => {
        if (id !== bookId) return;
        // The space may still take smaller images: then the server's refusal is the tip.
        const own = { title: i18n.t('album.notPermitted'), content: message };
        void uploadRefusal(qc, bookId).then(
          (r) => tell(r ?? own),
          () => tell(own),
        );
      }),
    [bookId, qc, tell],
  );

  const start = async () => {
    if (checking) return;
    setChecking(true);
    try {
      const refusal = await uploadRefusal(qc, bookId);
      if (refusal) return tell(refusal);
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
  const navigate = useNavigate();
  const qc = useQueryClient();
  const chooser = useImageChooser(bookId);
  const space = useQuery({ ...accountingQueries.capacity(bookId), enabled: !readOnly && Boolean(bookId) });
  // Each image uploaded takes space: what is left is asked again.
  const uploaded = images.filter((i) => i.status === 'done').length;
  useEffect(() => {
    if (uploaded && bookId) void qc.invalidateQueries({ queryKey: transactionKeys.capacity(bookId) });
  }, [uploaded, bookId, qc]);
  if (readOnly && !images.length) return null;
  const full = space.data?.pic_upload_permit === 'not_permit';
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
      {!readOnly && space.data && (
        <div className={full ? 'album-space full' : 'album-space'} data-testid="album-space" data-full={full}>
          <span>
            {full
              ? t('album.spaceFull')
              : t('album.spaceLeft', { size: formatMb(leftMb(space.data.used, space.data.total), i18n.language) })}
          </span>
          {full && (
            <button type="button" className="album-space-buy" data-testid="album-space-buy" onClick={() => navigate(spacePage(bookId))}>
              {t('album.buySpace')}
            </button>
          )}
        </div>
      )}
      {chooser.elements}
    </div>
  );
}
