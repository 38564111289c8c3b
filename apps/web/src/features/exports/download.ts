/**
 * Reading a download and handing it to the browser: the bytes as they arrive (so the
 * sheet can say how far it is: a CSV streams with no length known ahead), the file's
 * name as the server gave it, and a save through an object URL.
 */

/** The answer's body as a blob, telling the bytes read so far. */
export async function readBody(res: Response, onBytes: (n: number) => void): Promise<Blob> {
  const type = res.headers.get('content-type') ?? '';
  const reader = res.body?.getReader();
  if (!reader) return res.blob();
  const parts: BlobPart[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    n += value.byteLength;
    onBytes(n);
  }
  return new Blob(parts, { type });
}

/** The name in a Content-Disposition: its UTF-8 `filename*` (RFC 6266), else its plain `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      // a broken escape: the plain name below
    }
  }
  return /filename\s*=\s*"([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/** Saves a blob as a file: a link with `download` to an object URL, clicked, and the URL let go once the save has it. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the save in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Bytes as people read them: 820 KB, 3.4 MB. */
export function byteSize(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
