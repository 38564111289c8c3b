import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/invitations.ts';

interface Matrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** The quiet zone around the code, in modules (the standard asks for four). */
const QUIET = 4;

/** One path of unit squares for the dark modules, row by row (runs of dark modules merged). */
function modulesPath(m: Matrix): string {
  let d = '';
  for (let r = 0; r < m.size; r++) {
    let c = 0;
    while (c < m.size) {
      if (!m.dark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < m.size && m.dark(r, c)) c++;
      d += `M${start + QUIET} ${r + QUIET}h${c - start}v1h${start - c}z`;
    }
  }
  return d;
}

/**
 * A QR code of `text`, drawn here as an SVG: the encoder (the qrcode package) is a chunk
 * of its own, fetched only by the page that shows a code.
 */
export function QrCode({ text, size = 168 }: { text: string; size?: number }) {
  const { t } = useTranslation();
  const [matrix, setMatrix] = useState<{ text: string; m: Matrix } | 'failed'>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => {
        const { modules } = qr.create(text, { errorCorrectionLevel: 'M' });
        if (live) setMatrix({ text, m: { size: modules.size, dark: (r, c) => Boolean(modules.get(r, c)) } });
      })
      .catch(() => live && setMatrix('failed'));
    return () => {
      live = false;
    };
  }, [text]);
  if (matrix === 'failed')
    return (
      <div className="muted qr-failed" data-testid="qr-failed">
        {t('invitations.qrFailed')}
      </div>
    );
  if (!matrix || matrix.text !== text) return <div className="qr-placeholder" style={{ width: size, height: size }} aria-hidden="true" />;
  const span = matrix.m.size + QUIET * 2;
  return (
    <svg
      className="qr-code"
      data-testid="qr-code"
      role="img"
      aria-label={t('invitations.qrLabel')}
      width={size}
      height={size}
      viewBox={`0 0 ${span} ${span}`}
      shapeRendering="crispEdges"
    >
      <rect width={span} height={span} fill="#fff" />
      <path d={modulesPath(matrix.m)} fill="#000" />
    </svg>
  );
}
