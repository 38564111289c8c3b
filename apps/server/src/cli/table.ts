/**
 * How many terminal columns a string takes: CJK and other wide characters two, combining
 * marks none, so tables of Chinese titles line up.
 */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (/\p{Mn}|\p{Me}|\p{Cf}/u.test(ch)) continue;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x1f300 && c <= 0x1faff) ||
      (c >= 0x20000 && c <= 0x3fffd);
    w += wide ? 2 : 1;
  }
  return w;
}

/** One line of text for a cell: a line break or tab inside a value would break the table. */
function cell(v: string): string {
  return v.replace(/[\t\r\n]+/g, ' ');
}

/**
 * The lines of a table: a header row, then one row each, columns two spaces apart and
 * padded to their widest cell (the last column is not padded). No rows prints `empty`.
 */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, empty: string): string[] {
  if (!rows.length) return [empty];
  const all = [header, ...rows].map((r) => r.map(cell));
  const widths = header.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ''))));
  return all.map((r) =>
    r
      .map((v, i) => (i === r.length - 1 ? v : v + ' '.repeat(widths[i]! - displayWidth(v))))
      .join('  ')
      .trimEnd(),
  );
}

export function printTable(
  out: (line: string) => void,
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  empty: string,
): void {
  for (const line of formatTable(header, rows, empty)) out(line);
}
