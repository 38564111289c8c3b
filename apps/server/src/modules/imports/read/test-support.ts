/**
 * What the importers' tests and the sample generator need and production does not: a
 * GBK encoder (Node decodes GB18030 but cannot encode it) and outcome collecting.
 */
import { ImportFileError, type FileProblem } from './errors.ts';

let gbkTable: Map<string, number> | undefined;

/** Every two-byte GBK character, built once from the platform's own GB18030 decoder. */
function table(): Map<string, number> {
  if (gbkTable) return gbkTable;
  gbkTable = new Map();
  const decoder = new TextDecoder('gb18030');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, (lead << 8) | trail);
    }
  }
  return gbkTable;
}

/** Text as GBK bytes, as Alipay and a Chinese Windows write CSVs; throws on a character GBK lacks. */
export function encodeGbk(text: string): Uint8Array {
  const codes = table();
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) {
      out.push(cp);
      continue;
    }
    const code = codes.get(ch);
    if (code === undefined) throw new Error(`not in GBK: ${ch}`);
    out.push(code >> 8, code & 0xff);
  }
  return Uint8Array.from(out);
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The problem a read fails with, or undefined when it does not fail. */
export async function fileProblem(
  run: () => Promise<unknown>,
): Promise<{ problem: FileProblem; params: Record<string, string | number> } | undefined> {
  try {
    await run();
    return undefined;
  } catch (e) {
    if (e instanceof ImportFileError) return { problem: e.problem, params: e.params };
    throw e;
  }
}
