import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the commerce screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here out of the first load.
 */
const PATHS = {
  wallet: 'M4.5 7.5h13a2 2 0 0 1 2 2v8.5a2 2 0 0 1-2 2h-13a1.5 1.5 0 0 1-1.5-1.5V6a2 2 0 0 1 2-2h10.5v3.5M15.5 13.5h1',
  shell: 'M12 19.5c-4.5 0-8-2.6-8-6.5C4 8.4 7.6 4.5 12 4.5s8 3.9 8 8.5c0 3.9-3.5 6.5-8 6.5zM12 19.5V8M8 18l1.5-8.5M16 18l-1.5-8.5',
  records: 'M6.5 3.5h11v17l-2.2-1.5-2.1 1.5-1.2-1-1.2 1-2.1-1.5-2.2 1.5zM9.5 8h5M9.5 11.5h5M9.5 15h3',
  success: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM8 12.2l2.8 2.8L16.2 9.5',
  fail: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM9 9l6 6M15 9l-6 6',
  clock: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 7.5V12l3 2',
  coupon: 'M3.5 7.5h17v3a1.5 1.5 0 0 0 0 3v3h-17v-3a1.5 1.5 0 0 0 0-3zM14.5 7.5v9',
  download: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14',
  phone: 'M8 3.5h8a1.5 1.5 0 0 1 1.5 1.5v14a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 19V5A1.5 1.5 0 0 1 8 3.5zM11 17.5h2',
  login: 'M10 4.5h7.5a1.5 1.5 0 0 1 1.5 1.5v12a1.5 1.5 0 0 1-1.5 1.5H10M4.5 12h9.5M11 8.5l3.5 3.5-3.5 3.5',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
  info: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 11v5.5M12 7.5v.5',
} as const;

export type CommerceGlyphName = keyof typeof PATHS;

export function CommerceGlyph({ name, size = '1em', className }: { name: CommerceGlyphName; size?: number | string; className?: string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} className={className} />;
}
