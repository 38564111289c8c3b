import { PathIcon } from '../../app/icons.tsx';

/**
 * The webview pages' glyphs, drawn like the app's own set (app/icons.tsx: 24-unit grid,
 * stroked with the text colour), kept here so they load with those pages only.
 */
const PATHS = {
  /** An outside page: a box with an arrow leaving it. */
  external: 'M13.5 4.5h6v6M19.5 4.5 11 13M17.5 13.5v5a1.5 1.5 0 0 1-1.5 1.5H6a1.5 1.5 0 0 1-1.5-1.5V8A1.5 1.5 0 0 1 6 6.5h5',
} as const;

export function WebviewGlyph({ name, size = '1em' }: { name: keyof typeof PATHS; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}
