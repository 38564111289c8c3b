import { PathIcon } from '../../app/icons.tsx';

/**
 * Glyphs of a record's place and the location pages, drawn like the app's own set
 * (app/icons.tsx: 24-unit grid, stroked with the text colour), kept here so they load
 * with the screens that show them.
 */
const PATHS = {
  pin: 'M12 21s-6.5-6.1-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.9 12 21 12 21zM12 12.3a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  locate: 'M12 18.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3',
  map: 'M3.5 6.5 9 4.5l6 2 5.5-2v13l-5.5 2-6-2-5.5 2zM9 4.5v13M15 6.5v13',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'M9.5 5.5 16 12l-6.5 6.5',
} as const;

export type PlaceGlyphName = keyof typeof PATHS;

export function PlaceGlyph({ name, size = '1em', className }: { name: PlaceGlyphName; size?: number | string; className?: string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} className={className} />;
}
