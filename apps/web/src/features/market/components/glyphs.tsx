import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the market screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here out of the first load.
 */
const PATHS = {
  heart: 'M12 20.5s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.8a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10-7.5 10z',
  review: 'M4.5 5.5h15v10h-8l-4.5 3.5v-3.5H4.5zM8 9.5h8M8 12.5h5',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.4 3.1-5.5 6.5-5.5s5.9 2.1 6.5 5.5M16 11a3 3 0 1 0-1-5.8M17.5 14.6c2.2.5 3.6 2.4 4 5.4',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
  preview: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  /** A video poster's mark: the triangle alone, on its own dark disc. */
  playMark: 'M9.5 7v10l8-5z',
  play: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM10 8.5v7l5.5-3.5z',
  article: 'M6.5 3.5h8l4 4v13h-12zM14.5 3.5v4h4M9 12h6M9 15.5h6',
} as const;

export type MarketGlyphName = keyof typeof PATHS;

export function MarketGlyph({ name, size = '1em' }: { name: MarketGlyphName; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}

/** The collect heart: an outline when not kept, filled when kept (the colour comes from its button). */
export function Heart({ on, size = '1em' }: { on: boolean; size?: number | string }) {
  return (
    <svg
      className="cab-icon"
      data-icon={on ? 'heart-on' : 'heart'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={on ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS.heart} />
    </svg>
  );
}
