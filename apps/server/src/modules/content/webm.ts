/**
 * A small WebM (Matroska) writer and reader for one VP8 video track, so the seed can make
 * its video without ffmpeg: each frame is a lossy WebP, whose 'VP8 ' chunk is a VP8 key
 * frame as it stands. Only what Chromium needs to play it is written: the EBML header,
 * Info (time scale, duration), one track, and clusters of key-frame SimpleBlocks.
 */

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
} as const;

/** Master elements the reader descends into. */
const MASTERS = new Set<number>([ID.EBML, ID.Segment, ID.Info, ID.Tracks, ID.TrackEntry, ID.Video, ID.Cluster]);

function idBytes(id: number): Buffer {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return Buffer.from(out);
}

/** An element size as the shortest EBML variable-length integer (all ones is reserved for "unknown"). */
function sizeBytes(n: number): Buffer {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const out = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      out[0]! |= 0x80 >> (len - 1);
      return out;
    }
  }
  throw new Error(`element too large: ${n}`);
}

const element = (id: number, payload: Buffer | Buffer[]) => {
  const body = Array.isArray(payload) ? Buffer.concat(payload) : payload;
  return Buffer.concat([idBytes(id), sizeBytes(body.length), body]);
};

function uint(id: number, value: number): Buffer {
  const out: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return element(id, Buffer.from(out.length ? out : [0]));
}

function float(id: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
}

const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));

/** The VP8 key frame inside a lossy WebP (its 'VP8 ' chunk). */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.subarray(0, 4).toString('ascii') !== 'RIFF' || webp.subarray(8, 12).toString('ascii') !== 'WEBP') {
    throw new Error('not a WebP image');
  }
  for (let at = 12; at + 8 <= webp.length;) {
    const fourcc = webp.subarray(at, at + 4).toString('ascii');
    const size = webp.readUInt32LE(at + 4);
    if (fourcc === 'VP8 ') return webp.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2); // chunks are padded to an even length
  }
  throw new Error('the WebP holds no lossy VP8 frame (lossless or alpha?)');
}

export interface WebmVideo {
  width: number;
  height: number;
  /** Milliseconds each frame shows. */
  frameMs: number;
  /** VP8 key frames, in order. */
  frames: Buffer[];
}

/** Muxes key frames into a WebM file; a cluster holds a second of frames (a block's time is relative to its cluster's). */
export function muxWebm(v: WebmVideo): Buffer {
  const header = element(ID.EBML, [
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    text(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 2),
    uint(ID.DocTypeReadVersion, 2),
  ]);
  const info = element(ID.Info, [
    uint(ID.TimecodeScale, 1_000_000),
    float(ID.Duration, v.frames.length * v.frameMs),
    text(ID.MuxingApp, 'cab-webm'),
    text(ID.WritingApp, 'cab-webm'),
  ]);
  const tracks = element(
    ID.Tracks,
    element(ID.TrackEntry, [
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      text(ID.CodecID, 'V_VP8'),
      uint(ID.DefaultDuration, Math.round(v.frameMs * 1_000_000)),
      element(ID.Video, [uint(ID.PixelWidth, v.width), uint(ID.PixelHeight, v.height)]),
    ]),
  );
  const clusters: Buffer[] = [];
  const perCluster = Math.max(1, Math.floor(1000 / v.frameMs));
  for (let first = 0; first < v.frames.length; first += perCluster) {
    const start = Math.round(first * v.frameMs);
    const blocks = v.frames.slice(first, first + perCluster).map((frame, i) => {
      const head = Buffer.alloc(4);
      head[0] = 0x81; // track 1 as a one-byte variable-length integer
      head.writeInt16BE(Math.round((first + i) * v.frameMs) - start, 1);
      head[3] = 0x80; // a key frame
      return element(ID.SimpleBlock, [head, frame]);
    });
    clusters.push(element(ID.Cluster, [uint(ID.Timecode, start), ...blocks]));
  }
  return Buffer.concat([header, element(ID.Segment, [info, tracks, ...clusters])]);
}

export interface WebmFacts {
  docType: string;
  codec: string;
  width: number;
  height: number;
  durationMs: number;
  frames: number;
}

function readVint(b: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = b[at];
  if (first === undefined || first === 0) throw new Error('not an EBML file');
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (b[at + i] ?? 0);
  return { value, length };
}

/** What a WebM file says of itself (its first video track), for checking an operator's file and the seed's. */
export function readWebm(b: Buffer): WebmFacts {
  const facts: WebmFacts = { docType: '', codec: '', width: 0, height: 0, durationMs: 0, frames: 0 };
  let scale = 1_000_000;
  let duration = 0;
  const walk = (from: number, to: number): void => {
    for (let at = from; at < to;) {
      const id = readVint(b, at, true);
      const size = readVint(b, at + id.length, false);
      const start = at + id.length + size.length;
      const end = Math.min(to, start + size.value);
      const body = b.subarray(start, end);
      if (MASTERS.has(id.value)) walk(start, end);
      else if (id.value === ID.DocType) facts.docType = body.toString('ascii');
      else if (id.value === ID.CodecID && !facts.codec) facts.codec = body.toString('ascii');
      else if (id.value === ID.PixelWidth && !facts.width) facts.width = body.readUIntBE(0, body.length);
      else if (id.value === ID.PixelHeight && !facts.height) facts.height = body.readUIntBE(0, body.length);
      else if (id.value === ID.TimecodeScale) scale = body.readUIntBE(0, body.length);
      else if (id.value === ID.Duration) duration = body.length === 4 ? body.readFloatBE(0) : body.readDoubleBE(0);
      else if (id.value === ID.SimpleBlock) facts.frames++;
      at = end;
    }
  };
  if (b.readUInt32BE(0) !== ID.EBML) throw new Error('not an EBML file');
  walk(0, b.length);
  facts.durationMs = (duration * scale) / 1_000_000;
  return facts;
}
