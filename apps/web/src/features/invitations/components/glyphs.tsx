import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the invitations area uses, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here so they stay out of the first load.
 */
const PATHS = {
  copy: 'M8.5 8.5h10a1.5 1.5 0 0 1 1.5 1.5v9.5a1.5 1.5 0 0 1-1.5 1.5h-10A1.5 1.5 0 0 1 7 19.5V10a1.5 1.5 0 0 1 1.5-1.5zM16.5 8.5V5A1.5 1.5 0 0 0 15 3.5H5A1.5 1.5 0 0 0 3.5 5v9.5A1.5 1.5 0 0 0 5 16h2',
  share: 'M12 3.5v11M8 7.5l4-4 4 4M5 12v6.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V12',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2',
  clock: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 7.5V12l3 2',
  key: 'M8 15.5a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 11.5h8.5M17.5 11.5v3M20.5 11.5v2.5',
  review: 'M12 3.5 19 6v5.5c0 4.4-3 7.7-7 9-4-1.3-7-4.6-7-9V6zM9 12l2 2 4-4',
  userAdd: 'M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 20c.6-3.4 3.1-5.5 6.5-5.5 1.6 0 3 .4 4.1 1.2M18 14v6M15 17h6',
  hourglass: 'M7 3.5h10M7 20.5h10M8 3.5c0 4 8 5 8 8.5s-8 4.5-8 8.5M16 3.5c0 4-8 5-8 8.5s8 4.5 8 8.5',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
} as const;

export type InviteGlyphName = keyof typeof PATHS;

export function InviteGlyph({ name, size = '1em' }: { name: InviteGlyphName; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}
