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
