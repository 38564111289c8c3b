import sharp from 'sharp';
import { muxWebm, vp8FromWebp } from './webm.ts';

/**
 * The seed's short video, made at seed time (no ffmpeg may be assumed): a month of a
 * family's spending, bars growing day by day, the total counting up and a pie of the
 * categories filling. Frames are drawn as SVG with shapes only (a machine may lack CJK
 * or any fonts, so the digits are seven-segment shapes), encoded to lossy WebP by sharp
 * and muxed into WebM. The same input gives the same bytes.
 */
export const VIDEO = { width: 640, height: 360, fps: 12, seconds: 6 } as const;

const ORANGE = '#f5a623';
const BARS = [0.42, 0.65, 0.3, 0.88, 0.55, 0.72, 0.38, 0.95, 0.5, 0.62];
const BAR_COLOURS = ['#f5a623', '#f7b84b', '#e8912d'];
const SLICES: Array<[share: number, colour: string]> = [
  [0.38, '#f5a623'],
  [0.24, '#4a90d9'],
  [0.2, '#50b887'],
  [0.18, '#e5636b'],
];
const TOTAL = 4860;

/** Which of the seven segments (a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle) each digit lights. */
const SEGMENTS = ['abcdef', 'bc', 'abged', 'abgcd', 'fgbc', 'afgcd', 'afgedc', 'abc', 'abcdefg', 'abcdfg'];

const clamp = (x: number) => Math.min(1, Math.max(0, x));
const easeOut = (x: number) => 1 - (1 - clamp(x)) ** 3;
/** Progress of a phase running from `a` to `b` of the whole. */
const phase = (t: number, a: number, b: number) => easeOut((t - a) / (b - a));

function digit(n: number, x: number, y: number, w: number, h: number, colour: string): string {
  const s = w * 0.2; // segment thickness
  const half = h / 2;
  const shapes: Record<string, [number, number, number, number]> = {
    a: [x + s * 0.5, y, w - s, s],
    b: [x + w - s, y + s * 0.5, s, half - s * 0.5],
    c: [x + w - s, y + half, s, half - s * 0.5],
    d: [x + s * 0.5, y + h - s, w - s, s],
    e: [x, y + half, s, half - s * 0.5],
    f: [x, y + s * 0.5, s, half - s * 0.5],
    g: [x + s * 0.5, y + half - s / 2, w - s, s],
  };
  return [...(SEGMENTS[n] ?? '')]
    .map((k) => {
      const [rx, ry, rw, rh] = shapes[k]!;
      return `<rect x="${rx.toFixed(1)}" y="${ry.toFixed(1)}" width="${rw.toFixed(1)}" height="${rh.toFixed(1)}" rx="${(s / 2).toFixed(1)}" fill="${colour}"/>`;
    })
    .join('');
}

function counter(value: number, right: number, y: number): string {
  const digits = String(Math.round(value)).padStart(4, '0');
  const [w, h, gap] = [22, 40, 8];
  const left = right - digits.length * (w + gap);
  // A coin before the digits stands for money without needing a currency glyph.
  const coin = `<circle cx="${left - 22}" cy="${y + h / 2}" r="15" fill="${ORANGE}"/><circle cx="${left - 22}" cy="${y + h / 2}" r="8" fill="#fff3dc"/>`;
  return coin + [...digits].map((d, i) => digit(Number(d), left + i * (w + gap), y, w, h, '#3b2a10')).join('');
}

function arc(cx: number, cy: number, r: number, from: number, to: number): string {
  const point = (f: number) => {
    const a = f * 2 * Math.PI - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  };
  return `M ${point(from)} A ${r} ${r} 0 ${to - from > 0.5 ? 1 : 0} 1 ${point(to)}`;
}

/** One frame at progress t (0 to 1) as SVG. */
export function frameSvg(t: number): string {
  const { width, height } = VIDEO;
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#fff8ec"/>`,
    `<rect x="20" y="20" width="${width - 40}" height="${height - 40}" rx="22" fill="#ffffff"/>`,
    // The book: a cover with its spine and a ribbon.
    `<rect x="44" y="40" width="46" height="56" rx="6" fill="${ORANGE}"/><rect x="44" y="40" width="10" height="56" rx="4" fill="#d88a12"/>`,
    `<path d="M 74 40 v 22 l 6 -5 l 6 5 v -22 z" fill="#fff3dc"/>`,
    counter(TOTAL * phase(t, 0.05, 0.8), width - 48, 48),
    `<line x1="44" y1="322" x2="352" y2="322" stroke="#eadfcd" stroke-width="2"/>`,
  ];
  BARS.forEach((v, i) => {
    const grown = phase(t, 0.05 + i * 0.05, 0.3 + i * 0.05);
    const h = v * 190 * grown;
    parts.push(
      `<rect x="${52 + i * 30}" y="${(322 - h).toFixed(1)}" width="20" height="${h.toFixed(1)}" rx="5" fill="${BAR_COLOURS[i % BAR_COLOURS.length]}"/>`,
    );
  });
  const [cx, cy, r] = [492, 212, 78];
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#f3ede3" stroke-width="34"/>`);
  const filled = phase(t, 0.3, 0.85);
  let start = 0;
  for (const [share, colour] of SLICES) {
    const end = Math.min(start + share, filled);
    if (end > start + 0.001) {
      parts.push(`<path d="${arc(cx, cy, r, start, end)}" fill="none" stroke="${colour}" stroke-width="34"/>`);
    }
    start += share;
  }
  const done = phase(t, 0.85, 0.95);
  if (done > 0) {
    parts.push(
      `<g transform="translate(${cx} ${cy}) scale(${done.toFixed(3)})"><circle r="30" fill="#50b887"/>` +
        `<path d="M -13 1 L -4 10 L 14 -9" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

const webp = (svg: string) => sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 80, smartSubsample: false, effort: 2 }).toBuffer();

export interface SeedVideo {
  /** The WebM file (VP8). */
  video: Buffer;
  /** The poster: the last frame, everything drawn, as WebP. */
  poster: Buffer;
  durationSeconds: number;
}

/** Makes the video and its poster (about a second on two cores). */
export async function makeSeedVideo(): Promise<SeedVideo> {
  const count = VIDEO.fps * VIDEO.seconds;
  const frames: Buffer[] = [];
  // Two at a time: sharp runs each on its own thread, and the machines have two cores.
  for (let i = 0; i < count; i += 2) {
    const pair = [i, i + 1].filter((n) => n < count).map((n) => webp(frameSvg(n / (count - 1))));
    frames.push(...(await Promise.all(pair)));
  }
  const video = muxWebm({ width: VIDEO.width, height: VIDEO.height, frameMs: 1000 / VIDEO.fps, frames: frames.map(vp8FromWebp) });
  return { video, poster: frames.at(-1)!, durationSeconds: VIDEO.seconds };
}
