/**
 * The keyword index's terms of a remark (migration 0009): every character and every pair
 * of characters, lower case, each carrying the book id ("42:咖啡"), so one book's search
 * never reads another's terms. Written with the row by the server instead of computed by
 * an SQL function inside the index: evaluating that function per row cost more than
 * writing the row (bench/README.md). `cab_search_terms` in SQL gives the same terms and
 * filled the column for rows written before.
 */
export function searchTerms(bookId: string, text: string): string[] {
  const prefix = `${bookId}:`;
  const chars = [...lowerCase(text)];
  const terms = new Set<string>();
  let previous = '';
  for (const ch of chars) {
    terms.add(prefix + ch);
    if (previous) terms.add(prefix + previous + ch);
    previous = ch;
  }
  return [...terms];
}

/**
 * Lower case one character at a time, as PostgreSQL's lower() does: JavaScript's own
 * toLowerCase may look at the neighbours (a final sigma) or give two characters (İ), which
 * would make a term the database's LIKE does not see.
 */
export function lowerCase(text: string): string {
  const low = text.toLowerCase();
  // The whole string at once is right whenever it kept its length and holds no sigma
  // (the only letter lowered by its neighbours); otherwise one character at a time.
  if (low.length === text.length && !text.includes('Σ')) return low;
  let out = '';
  for (const ch of text) {
    const one = ch.toLowerCase();
    out += one.length === ch.length ? one : String.fromCodePoint(one.codePointAt(0) ?? 0);
  }
  return out;
}
