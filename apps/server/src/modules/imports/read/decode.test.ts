import { describe, expect, it } from 'vitest';
import { decodeBytes, decodeChunks, TextChunks } from './decode.ts';
import { collect, encodeGbk, fileProblem } from './test-support.ts';

const TEXT = '交易时间,金额(元),备注\n2024-03-05 09:05:00,￥12.00,早餐：豆浆、油条\n';
const utf8 = (s: string) => new TextEncoder().encode(s);
const withBom = (s: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(s)]);

function utf16(s: string, bigEndian: boolean): Uint8Array {
  const out = [bigEndian ? 0xfe : 0xff, bigEndian ? 0xff : 0xfe];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out.push(...(bigEndian ? [c >> 8, c & 0xff] : [c & 0xff, c >> 8]));
  }
  return Uint8Array.from(out);
}

/** Bytes fed `size` at a time, as storage streams them. */
async function streamed(bytes: Uint8Array, size: number): Promise<string> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  return (await collect(decodeChunks(chunks()))).join('');
}

describe('decoding a file', () => {
  it('reads UTF-8, UTF-8 with a BOM, GBK and UTF-16 with a BOM as the same text', () => {
    for (const bytes of [utf8(TEXT), withBom(TEXT), encodeGbk(TEXT), utf16(TEXT, false), utf16(TEXT, true)]) {
      expect(decodeBytes(bytes)).toBe(TEXT);
    }
  });

  it('reads a character cut between two chunks, whatever the chunk size', async () => {
    for (const bytes of [utf8(TEXT), withBom(TEXT), encodeGbk(TEXT)]) {
      for (const size of [1, 2, 3, 5, 7, 64]) expect(await streamed(bytes, size)).toBe(TEXT);
    }
  });

  it('decides at the first non-ASCII byte, however far into the file it is', async () => {
    const text = `${'date,amount,note\n'.repeat(5000)}2024-01-02,3.00,午饭\n`;
    expect(await streamed(encodeGbk(text), 4096)).toBe(text);
    expect(await streamed(utf8(text), 4096)).toBe(text);
  });

  it('reads GBK whose first 64 KB happen to hold a cut character at the window edge', async () => {
    const text = `${'a'.repeat(10)}${'中文'.repeat(40000)}`;
    expect(await streamed(encodeGbk(text), 65536)).toBe(text);
    expect(await streamed(utf8(text), 65537)).toBe(text);
    // Byte by byte: the held bytes are joined once, not at every byte.
    expect(await streamed(encodeGbk(text), 1)).toBe(text);
  });

  it('refuses bytes neither UTF-8 nor GB18030 can read', async () => {
    const broken = Uint8Array.from([...utf8('a,b\n'), 0xff, 0x41, 0x0a]);
    expect(await fileProblem(async () => decodeBytes(broken))).toEqual({ problem: 'encoding', params: {} });
    expect(await fileProblem(() => streamed(broken, 1))).toEqual({ problem: 'encoding', params: {} });
  });

  it('refuses a file that ends inside a character', async () => {
    const cut = utf8('金额').subarray(0, 5);
    expect(await fileProblem(async () => decodeBytes(cut))).toMatchObject({ problem: 'encoding' });
    const utf16Cut = utf16('ab', false).subarray(0, 5);
    expect(await fileProblem(async () => decodeBytes(utf16Cut))).toMatchObject({ problem: 'encoding' });
  });

  it('refuses text already garbled (U+FFFD) and binary data (NUL)', async () => {
    expect(await fileProblem(async () => decodeBytes(utf8('金额,\uFFFD\uFFFD\n')))).toMatchObject({ problem: 'encoding' });
    expect(await fileProblem(async () => decodeBytes(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2])))).toMatchObject({
      problem: 'encoding',
    });
  });

  it('gives nothing for nothing', () => {
    const chunks = new TextChunks();
    expect(chunks.end()).toBe('');
    expect(decodeBytes(Uint8Array.from([0xef, 0xbb, 0xbf]))).toBe('');
  });
});
