import { PathIcon } from '../../../app/icons.tsx';

/**
 * Glyphs only the budget screens use, drawn like the app's own set (app/icons.tsx:
 * 24-unit grid, stroked with the text colour), kept here out of the first load.
 */
const PATHS = {
  prev: 'M14.5 5.5 8 12l6.5 6.5',
  next: 'M9.5 5.5 16 12l-6.5 6.5',
  edit: 'M4.5 19.5h4l10-10-4-4-10 10zM13 7l4 4',
  sum: 'M17.5 5.5h-11l6 6.5-6 6.5h11',
  extend: 'M4 12h14M14 7.5l4.5 4.5-4.5 4.5M4 6.5v11',
  lock: 'M6.5 11h11v9h-11zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
} as const;

export type BudgetGlyphName = keyof typeof PATHS;

export function BudgetGlyph({ name, size = '1em' }: { name: BudgetGlyphName; size?: number | string }) {
  return <PathIcon d={PATHS[name]} name={name} size={size} />;
}
