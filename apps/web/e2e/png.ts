import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small PNG photo for the journeys: a two-colour picture of `w` x `h` pixels. */
export function png(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const o = y * (w * 3 + 1);
    for (let x = 0; x < w; x++) {
      const light = (x + y) % 16 < 8;
      rows.set(light ? [r, g, b] : [255 - r, 255 - g, 255 - b], o + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG of exactly `bytes` bytes (a cloud space filled to the byte): the picture of `png`
 * with a private ancillary chunk of padding before its end, which decoders skip.
 */
export function pngOfSize(bytes: number, w: number, h: number, rgb: [number, number, number]): Buffer {
  const base = png(w, h, rgb);
  const end = base.length - 12; // IEND: length, type, crc
  const pad = bytes - base.length - 12;
  if (pad < 0) throw new Error(`a ${w}x${h} PNG is larger than ${bytes} bytes`);
  const out = Buffer.concat([base.subarray(0, end), chunk('prVt', Buffer.alloc(pad)), base.subarray(end)]);
  if (out.length !== bytes) throw new Error(`padded PNG is ${out.length} bytes, not ${bytes}`);
  return out;
}
