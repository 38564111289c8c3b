import { PathIcon } from '../../../app/icons.tsx';

/** Glyphs only the community screens use, drawn like the app's own set (app/icons.tsx), kept out of the first load. */
const PATHS = {
  comment: 'M4.5 5.5h15v10h-8l-4.5 3.5v-3.5H4.5zM8 9.5h8M8 12.5h5',
  pin: 'M9 3.5h6l-1 5 3.5 3.5h-11L10 8.5zM12 12v8.5',
  edit: 'M4.5 19.5h4l10-10-4-4-10 10zM13 7l4 4',
  trash: 'M4.5 6.5h15M9.5 6.5V4.5h5v2M6.5 6.5l1 13h9l1-13M10 10v6M14 10v6',
  write: 'M4 20h16M6 16.5V13l9-9 3.5 3.5-9 9z',
  send: 'M3.5 11.5 20.5 4l-7.5 17-2.5-7z',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

export type CommunityGlyphName = keyof typeof PATHS;

export function CommunityGlyph({ name, size = '1em' }: { name: CommunityGlyphName; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}
