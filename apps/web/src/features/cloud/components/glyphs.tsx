import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the cloud screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here out of the first load.
 */
const PATHS = {
  cloud: 'M7 18.5h10.5a4 4 0 0 0 .6-8 6 6 0 0 0-11.6 1.4A3.4 3.4 0 0 0 7 18.5z',
  share:
    'M3.5 12a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0zM14.5 6.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0zM14.5 17.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0zM8.2 10.9l6.6-3.3M8.2 13.1l6.6 3.3',
  image: 'M4.5 5.5h15v13h-15zM4.5 15.5l4-4 3.5 3.5 2.5-2.5 5 5M15 9.5h.5',
  server: 'M4.5 4.5h15v6h-15zM4.5 13.5h15v6h-15zM7.5 7.5h.5M7.5 16.5h.5M11 7.5h5M11 16.5h5',
  shield: 'M12 3.5 19 6v5.5c0 4.3-3 7.6-7 9-4-1.4-7-4.7-7-9V6zM9 12l2.2 2.2L15.5 10',
  clock: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 7.5V12l3 2',
  info: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 11v5.5M12 7.5v.5',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
  success: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM8 12.2l2.8 2.8L16.2 9.5',
  fail: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM9 9l6 6M15 9l-6 6',
  book: 'M6 3.5h11a1.5 1.5 0 0 1 1.5 1.5v15.5H6.5A2 2 0 0 1 4.5 18.5V5A1.5 1.5 0 0 1 6 3.5zM4.5 18.5a2 2 0 0 1 2-2h12',
} as const;

export type CloudGlyphName = keyof typeof PATHS;

export function CloudGlyph({ name, size = '1em', className }: { name: CloudGlyphName; size?: number | string; className?: string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} className={className} />;
}
