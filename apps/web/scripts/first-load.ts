import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface Weight {
  /** The JavaScript files, largest first, with their gzip size. */
  files: Array<{ file: string; gzip: number }>;
  jsGzip: number;
  jsBrotli: number;
  cssGzip: number;
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const sizeCache = new Map<string, { gzip: number; brotli: number }>();
export function compressedSize(file: string): { gzip: number; brotli: number } {
  let s = sizeCache.get(file);
  if (!s) {
    const raw = fs.readFileSync(file);
    s = { gzip: zlib.gzipSync(raw, { level: 9 }).length, brotli: zlib.brotliCompressSync(raw).length };
    sizeCache.set(file, s);
  }
  return s;
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

/** What the browser must fetch before the given chunks can run: JS (and CSS) of their static closure. */
export function firstLoad(dist: string, manifest: Manifest, keys: string[]): Weight {
  const closure = staticClosure(manifest, keys);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of closure) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  const sum = (files: Set<string>, kind: 'gzip' | 'brotli') => [...files].reduce((n, f) => n + compressedSize(path.join(dist, f))[kind], 0);
  const files = [...js].map((file) => ({ file, gzip: compressedSize(path.join(dist, file)).gzip })).sort((a, b) => b.gzip - a.gzip);
  return { files, jsGzip: sum(js, 'gzip'), jsBrotli: sum(js, 'brotli'), cssGzip: sum(css, 'gzip') };
}

export const entryKey = (manifest: Manifest): string => {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('the build manifest has no entry');
  return key;
};

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
