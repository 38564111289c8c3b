/**
 * Counting text as people see it: one character per grapheme cluster (Intl.Segmenter),
 * so an emoji, a flag or a letter with its accent counts once. The web's counter and
 * the server's limit call the same function, so they never disagree.
 */
let segmenter: Intl.Segmenter | undefined;

function graphemes(s: string): Iterable<Intl.SegmentData> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(s);
}

export function graphemeLength(s: string): number {
  let n = 0;
  for (const _ of graphemes(s)) n++;
  return n;
}

/** The first `max` graphemes of a text: a field cut as it is typed, never inside an emoji. */
export function clipGraphemes(s: string, max: number): string {
  let n = 0;
  let end = 0;
  for (const g of graphemes(s)) {
    if (n === max) return s.slice(0, end);
    n++;
    end = g.index + g.segment.length;
  }
  return s;
}
