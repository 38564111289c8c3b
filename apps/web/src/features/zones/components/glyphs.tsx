import { PathIcon } from '../../../app/icons.tsx';
import { CloudGlyph, type CloudGlyphName } from '../../cloud/components/glyphs.tsx';

/**
 * Glyphs only the migration screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour); the server, cloud and outcome glyphs are
 * the cloud area's, so private storage looks the same on both.
 */
const PATHS = {
  copy: 'M8.5 8.5h11v11h-11zM15.5 8.5v-4h-11v11h4',
  terminal: 'M3.5 5.5h17v13h-17zM7 10l2.5 2L7 14M12 14.5h5',
  laptop: 'M5.5 6.5h13v9h-13zM3 18.5h18',
  fold: 'M6.5 9.5 12 15l5.5-5.5',
  move: 'M4 8.5h13.5M14 5l3.5 3.5L14 12M20 15.5H6.5M10 12l-3.5 3.5L10 19',
} as const;

export type ZoneGlyphName = keyof typeof PATHS | CloudGlyphName;

const own = (name: ZoneGlyphName): name is keyof typeof PATHS => Object.hasOwn(PATHS, name);

export function ZoneGlyph({ name, size = '1em', className }: { name: ZoneGlyphName; size?: number | string; className?: string }) {
  if (own(name)) return <PathIcon d={PATHS[name]} name={name} size={size} className={className} />;
  return <CloudGlyph name={name} size={size} className={className} />;
}
