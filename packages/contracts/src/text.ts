/**
 * Text lengths as a person counts them: grapheme clusters ("👨‍👩‍👧", "🇨🇳" and "é" are one
 * each), not UTF-16 units. The server's schemas (`Text` in common.ts) and every counter
 * and filter of the web count with these, so both always agree (docs/ui.md, Forms).
 */

// One segmenter for the process: creating one costs far more than using it.
let segmenter: Intl.Segmenter | undefined;
const graphemes = (v: string) => (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(v);

/** Below U+0300 (no combining marks, surrogates or joiners) every unit is a grapheme, but for CR LF. */
function unitPerGrapheme(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 13 || c >= 0x300) return false;
  }
  return true;
}

/** How many characters a person sees in `v`. */
export function graphemeLength(v: string): number {
  if (unitPerGrapheme(v)) return v.length;
  let n = 0;
  for (const _ of graphemes(v)) n++;
  return n;
}

/** The first `max` graphemes of `v`: text is never cut inside an emoji, a flag or a letter with its accents. */
export function clipGraphemes(v: string, max: number): string {
  if (v.length <= max) return v;
  let n = 0;
  let end = 0;
  for (const s of graphemes(v)) {
    if (n === max) break;
    n++;
    end = s.index + s.segment.length;
  }
  return v.slice(0, end);
}

/**
 * What draws nothing: whitespace, the characters Unicode marks as drawing nothing
 * (Default_Ignorable_Code_Point: the zero-width space, non-joiner and joiner
 * U+200B-U+200D, the word joiner U+2060, U+FEFF, the direction marks and controls,
 * variation selectors, Hangul fillers, the soft hyphen) and the blank braille pattern.
 * Anything else is something a reader sees.
 */
const SEEN = /[^\s\p{Default_Ignorable_Code_Point}\u2800]/u;

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
  return v.replace(name ? /[\u202a-\u202e\u2066-\u2069]/g : /[\u202a-\u202e]/g, '');
}
