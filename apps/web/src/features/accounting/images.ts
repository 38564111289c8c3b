import { ACCOUNTING_PATHS, ErrorCode, IMAGE_MAX_BYTES, TRANSACTION_IMAGES_MAX, type TransactionImage } from '@cab/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { showToast } from '../../app/toast.ts';
import i18n from '../../i18n/index.ts';
import { useDraft, type DraftImage } from './draft.ts';
import { accountingQueries } from './queries.ts';
import '../../i18n/accounting.ts';

/** An uploaded image as the upload answers it (the contracts export no type of its own). */
export type UploadedImage = TransactionImage;

/** The longest side of a compressed image, and its JPEG quality. */
const COMPRESS_MAX_SIDE = 1600;
const COMPRESS_QUALITY = 0.8;

/**
 * 'Compressed' (SPEC 5): the picture redrawn on a canvas, at most 1600 px on its
 * longest side, as a JPEG. A picture that cannot be drawn is sent as it is.
 */
export async function compressImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, COMPRESS_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.fillStyle = '#fff'; // transparent pixels become white, not black, in a JPEG
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', COMPRESS_QUALITY));
  // Never send the larger of the two.
  return blob && blob.size < file.size ? blob : file;
}

type SpaceFullListener = (bookId: string, message: string) => void;
const spaceFullListeners = new Set<SpaceFullListener>();

/**
 * Hears uploads the server refused because the book's space is full (1074): the album
 * shows the space's tip and the way to buy more instead of a toast.
 */
export function onSpaceFull(listener: SpaceFullListener): () => void {
  spaceFullListeners.add(listener);
  return () => spaceFullListeners.delete(listener);
}

const isSpaceFull = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.CAPACITY_EXCEEDED;

/**
 * One image into the book's space, reporting progress (toasted failures: the server's
 * words, or 'service error, please retry'; a full space is the album's to tell).
 */
export async function uploadImage(bookId: string, file: Blob, onProgress: (f: number) => void): Promise<UploadedImage> {
  const form = new FormData();
  const ext = file.type === 'image/png' ? 'png' : file.type === 'image/gif' ? 'gif' : file.type === 'image/webp' ? 'webp' : 'jpg';
  form.append('file', file, `image.${ext}`);
  try {
    const r = await request<{ data: UploadedImage }>(ACCOUNTING_PATHS.upload, {
      method: 'POST',
      formData: form,
      tradingEntity: bookId,
      loading: false,
      showError: false,
      onUploadProgress: onProgress,
    });
    return r.data;
  } catch (err) {
    if (isSpaceFull(err) && spaceFullListeners.size) for (const l of spaceFullListeners) l(bookId, (err as ApiError).message);
    else showToast(err instanceof ApiError && err.status >= 400 && err.message ? err.message : i18n.t('album.uploadFailed'));
    throw err;
  }
}

/** Why images may not be chosen: the space's tip, its title and what it says. */
export interface SpaceRefusal {
  title: string;
  content: string;
}

/**
 * May images be chosen now (SPEC 5)? Not when the space says not_permit, and not when
 * it has a tip to show (the tip is the reason). Answers the reason, or undefined.
 */
export async function uploadRefusal(qc: QueryClient, bookId: string): Promise<SpaceRefusal | undefined> {
  const c = await qc.fetchQuery(accountingQueries.capacity(bookId));
  if (c.tips_title) return { title: c.tips_title, content: c.tips_content };
  if (c.pic_upload_permit === 'not_permit') return { title: i18n.t('album.notPermitted'), content: '' };
  return undefined;
}

let seq = 0;

async function uploadOne(bookId: string, key: string, file: Blob): Promise<void> {
  const draft = useDraft.getState;
  try {
    const img = await uploadImage(bookId, file, (p) => draft().updateImage(key, { progress: Math.min(0.99, p) }));
    draft().updateImage(key, { status: 'done', progress: 1, id: img.id, url: img.url });
  } catch {
    draft().updateImage(key, { status: 'failed', progress: 0 });
  }
}

/**
 * Adds chosen files to the form: as many as fit under 9, each compressed unless the
 * original was asked for, shown at once from the device and uploaded two at a time.
 */
export async function addFiles(bookId: string, files: File[], original: boolean): Promise<void> {
  const room = TRANSACTION_IMAGES_MAX - useDraft.getState().images.length;
  if (!files.length) return showToast(i18n.t('album.chooseFailed'));
  if (files.length > room) showToast(i18n.t('album.max', { n: TRANSACTION_IMAGES_MAX }));
  const prepared: Array<{ image: DraftImage; file: Blob }> = [];
  for (const f of files.slice(0, Math.max(0, room))) {
    if (!f.type.startsWith('image/')) {
      showToast(i18n.t('album.chooseFailed'));
      continue;
    }
    const file = original ? f : await compressImage(f);
    if (file.size > IMAGE_MAX_BYTES) {
      showToast(i18n.t('album.tooLarge', { kb: IMAGE_MAX_BYTES / 1024 }));
      continue;
    }
    const key = `new-${Date.now()}-${++seq}`;
    prepared.push({ file, image: { key, status: 'uploading', progress: 0, localUrl: URL.createObjectURL(file), file } });
  }
  useDraft.getState().addImages(prepared.map((p) => p.image));
  const queue = [...prepared];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await uploadOne(bookId, next.image.key, next.file);
  };
  await Promise.all([worker(), worker()]);
}

/** Tries a failed upload again. */
export function retryImage(bookId: string, image: DraftImage): Promise<void> {
  if (!image.file) return Promise.resolve();
  useDraft.getState().updateImage(image.key, { status: 'uploading', progress: 0 });
  return uploadOne(bookId, image.key, image.file);
}

// Images are private: fetched with the member's token and shown as object URLs. The
// bytes are kept for a while, so the thumbnail and the preview fetch them once.
const blobs = new Map<string, Promise<Blob>>();
const BLOB_CACHE = 24;

export function fetchImage(url: string, bookId: string): Promise<Blob> {
  let p = blobs.get(url);
  if (!p) {
    p = request<Blob>(url, { method: 'GET', responseType: 'blob', loading: false, showError: false, tradingEntity: bookId });
    p.catch(() => blobs.delete(url));
    blobs.set(url, p);
    if (blobs.size > BLOB_CACHE) blobs.delete(blobs.keys().next().value as string);
  }
  return p;
}

/** A URL an <img> can show for a form image: the local file's, or the private image fetched with the token. */
export function useImageSrc(image: Pick<DraftImage, 'url' | 'localUrl'> | undefined, bookId: string): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ for?: string; src?: string; failed: boolean }>({ failed: false });
  const remote = image?.localUrl ? undefined : image?.url;
  useEffect(() => {
    if (!remote) return;
    let objectUrl: string | undefined;
    let live = true;
    fetchImage(remote, bookId).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ for: remote, src: objectUrl, failed: false });
      },
      () => live && setState({ for: remote, failed: true }),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [remote, bookId]);
  if (image?.localUrl) return { src: image.localUrl, failed: false };
  return state.for === remote ? { src: state.src, failed: state.failed } : { failed: false };
}

/** Only images from the network can be saved (SPEC 5): an uploaded image's http(s) URL, not a local file. */
export function isNetworkImage(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return /^https?:$/.test(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

/** Saves an image to the device: downloaded with the token, then handed to the browser as a file. */
export async function saveImage(image: Pick<DraftImage, 'url' | 'id'>, bookId: string): Promise<void> {
  if (!image.url || !isNetworkImage(image.url)) return showToast(i18n.t('album.saveNotNetwork'));
  try {
    const blob = await fetchImage(image.url, bookId);
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = `cab-image-${image.id ?? 'saved'}.${blob.type.split('/')[1] ?? 'jpg'}`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    showToast(i18n.t('album.saved'));
  } catch (err) {
    showToast(i18n.t('album.downloadFailed', { code: err instanceof ApiError ? err.status || err.code : 0 }));
  }
}
