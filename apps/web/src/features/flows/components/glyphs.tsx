import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the flow screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here so they stay out of the
 * first load.
 */
const PATHS = {
  transfer: 'M7 4.5 4 7.5l3 3M4 7.5h13M17 13.5l3 3-3 3M20 16.5H7',
  adjust: 'M4 7h9M17 7h3M4 17h3M11 17h9M15 4.5v5M9 14.5v5',
  prev: 'M14.5 5.5 8 12l6.5 6.5',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
  coins:
    'M9 10.5c3 0 5.5-1.1 5.5-2.5S12 5.5 9 5.5 3.5 6.6 3.5 8 6 10.5 9 10.5zM3.5 8v4c0 1.4 2.5 2.5 5.5 2.5M3.5 12v4c0 1.4 2.5 2.5 5.5 2.5M15 18.5c3 0 5.5-1.1 5.5-2.5v-4c0-1.4-2.5-2.5-5.5-2.5S9.5 10.6 9.5 12v4c0 1.4 2.5 2.5 5.5 2.5zM9.5 12c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5',
} as const;

export type FlowGlyphName = keyof typeof PATHS;

export function FlowGlyph({ name, size = '1em' }: { name: FlowGlyphName; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}
