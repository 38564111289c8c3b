import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the content screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here out of the first load.
 */
const PATHS = {
  share: 'M12 3.5v11M8 7.5l4-4 4 4M5 12v6.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V12',
  tune: 'M4 7h9M17 7h3M4 17h3M11 17h9M15 4.5v5M9 14.5v5',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
  close: 'M6 6l12 12M18 6 6 18',
  coin: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 7.5v9M9.5 9.5c0-1.1 1.1-2 2.5-2s2.5.9 2.5 2-1.1 1.8-2.5 2.2-2.5 1.1-2.5 2.3 1.1 2 2.5 2 2.5-.9 2.5-2',
} as const;

export type ContentGlyphName = keyof typeof PATHS;

export function ContentGlyph({ name, size = '1em' }: { name: ContentGlyphName; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}

/** The collect heart is the market's (one drawing for both areas). */
export { Heart } from '../../market/components/glyphs.tsx';

/** The play mark over a video's poster: a filled triangle in a translucent disc. */
export function PlayMark({ size = 48 }: { size?: number }) {
  return (
    <svg className="content-play" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="23" fill="rgba(0,0,0,0.45)" stroke="#fff" strokeWidth="2" />
      <path d="M19 15.5v17l14-8.5z" fill="#fff" />
    </svg>
  );
}
