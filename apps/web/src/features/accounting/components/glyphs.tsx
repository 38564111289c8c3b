import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the accounting screens use, drawn like the app's own set
 * (app/icons.tsx: 24-unit grid, stroked with the text colour), kept here so they stay
 * out of the first load.
 */
const PATHS = {
  backspace: 'M8.5 5.5H20v13H8.5L3 12zM11.5 9.5l5 5M16.5 9.5l-5 5',
  image: 'M4.5 4.5h15v15h-15zM4.5 16l4.5-4.5 3.5 3.5 2.5-2.5 4.5 4.5M15 9.5a1.5 1.5 0 1 0 0-.1',
  camera: 'M3.5 8h4l1.5-2.5h6L16.5 8h4v11h-17zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  search: 'M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM15.5 15.5l5 5',
  close: 'M6 6l12 12M18 6 6 18',
  swap: 'M7 4.5 4 7.5l3 3M4 7.5h13M17 13.5l3 3-3 3M20 16.5H7',
  chevron: 'M9.5 5.5 16 12l-6.5 6.5',
  trash: 'M4.5 6.5h15M9.5 6.5V4h5v2.5M6.5 6.5l1 13.5h9l1-13.5M10 10.5v6M14 10.5v6',
  download: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M4.5 19.5h15',
  template: 'M6 3.5h12v17H6zM9 8h6M9 11.5h6M9 15h3.5',
  clock: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 7.5V12l3 2',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6',
  shop: 'M4 9.5 5.5 4h13L20 9.5M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5.5 12v8h13v-8',
  flag: 'M5.5 20.5V4M5.5 4.5h12l-2.5 4 2.5 4h-12',
  note: 'M5 4.5h14v15H5zM8.5 9h7M8.5 12.5h7M8.5 16h4',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  more: 'M5 12h.5M12 12h.5M19 12h.5',
  plus: 'M12 5v14M5 12h14',
  check: 'M5 12.5 10 17.5 19.5 7',
  list: 'M9 6.5h11M9 12h11M9 17.5h11M4.5 6.5h.5M4.5 12h.5M4.5 17.5h.5',
  grid: 'M4.5 4.5h6v6h-6zM13.5 4.5h6v6h-6zM4.5 13.5h6v6h-6zM13.5 13.5h6v6h-6z',
} as const;

export type GlyphName = keyof typeof PATHS;

export function Glyph({ name, size = '1em', className }: { name: GlyphName; size?: number | string; className?: string }) {
  return <PathIcon d={PATHS[name]} size={size} heavy={name === 'more'} className={className} />;
}
