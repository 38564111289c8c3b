/**
 * Text that looks empty, and the direction controls (docs/decisions.md, "Text that looks
 * empty"): the `Text` type of common.ts checks them on the server, and the web's inputs
 * with the same functions. A module of its own so that only the pages with such inputs
 * load it.
 */

/**
 * What draws nothing: whitespace, the characters Unicode marks as drawing nothing
 * (Default_Ignorable_Code_Point: the zero-width space, non-joiner and joiner
 * U+200B-U+200D, the word joiner U+2060, U+FEFF, the direction marks and controls,
 * variation selectors, Hangul fillers, the soft hyphen) and the blank braille pattern.
 * Anything else is something a reader sees.
 */
// DI is Default_Ignorable_Code_Point (the short name keeps the web's first load small).
const SEEN = /[^\s\p{DI}\u2800]/u;

/**
 * Whether `v` looks empty to a reader: nothing is left once what draws nothing is taken
 * away. Such a text is empty for every text field (docs/decisions.md, "Text that looks
 * empty"), so a name cannot be made of zero-width or direction characters alone.
 */
export function looksEmpty(v: string): boolean {
  return !SEEN.test(v);
}

/**
 * The embedding and override controls (LRE, RLE, PDF, LRO, RLO): they reorder the text
 * after them up to the end of its paragraph, outside the field that holds them, and an
 * override draws letters backwards. No text takes them.
 */
export const DIRECTION_OVERRIDES = /[\u202a-\u202e]/;
/** Those and the isolates (LRI, RLI, FSI, PDI): no name takes any of them. */
export const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Removes the direction controls a field cannot take, for inputs that filter as the user
 * types: all of them from a name, the embeddings and overrides from other text.
 */
export function stripDirectionControls(v: string, name: boolean): string {
  return v.replace(new RegExp((name ? DIRECTION_CONTROLS : DIRECTION_OVERRIDES).source, 'g'), '');
}
