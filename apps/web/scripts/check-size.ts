/**
 * The first-load budget (npm test runs it after a production build). For the entry
 * and for every page it adds up the gzip-compressed JavaScript the browser must
 * fetch before the page can run, compares it with size-budget.json, prints the
 * table, and fails when anything is over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compressedSize, entryKey, firstLoad, kb, readManifest } from './first-load.ts';

interface Budget {
  entry: number;
  anyChunk: number;
  pages: Record<string, number>;
}

const root = path.resolve(import.meta.dirname, '..');
// The build to check: `dist` unless another folder is named (npm test builds into dist-size).
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'size-budget.json'), 'utf8')) as Budget;
const manifest = readManifest(dist);
const entry = entryKey(manifest);
const STARTUP = 'src/pages/loading/LoadingPage.tsx';

// Every lazily loaded page of the app must have a budget line.
const pagesSource = fs.readFileSync(path.join(root, 'src/app/pages.ts'), 'utf8');
const pages = [...pagesSource.matchAll(/import\('\.\.\/(pages\/[^']+)'\)/g)].map((m) => `src/${m[1]}`);

const failures: string[] = [];
const rows: Array<[string, string, string, string, string]> = [['first load of', 'JS gzip KB', 'budget', 'JS brotli KB', 'CSS gzip KB']];
const check = (name: string, keys: string[], limit: number | undefined) => {
  const w = firstLoad(dist, manifest, keys);
  rows.push([name, kb(w.jsGzip), limit === undefined ? 'none' : String(limit), kb(w.jsBrotli), kb(w.cssGzip)]);
  if (limit === undefined) failures.push(`${name} has no budget in size-budget.json`);
  else if (w.jsGzip > limit * 1024)
    failures.push(
      `${name}: ${kb(w.jsGzip)} KB of gzip JavaScript is over its budget of ${limit} KB (largest: ${w.files
        .slice(0, 5)
        .map((f) => `${f.file} ${kb(f.gzip)} KB`)
        .join(', ')})`,
    );
};

check('entry (index.html)', [entry], budget.entry);
for (const page of pages) {
  if (!manifest[page]) failures.push(`${page} is not in the build manifest`);
  else check(page.replace(/^src\/pages\//, ''), [entry, STARTUP, page], budget.pages[page]);
}
for (const page of Object.keys(budget.pages))
  if (!pages.includes(page)) failures.push(`size-budget.json lists ${page}, which is not a page`);

// No single chunk, loaded first or later, may grow past the cap unnoticed.
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  const { gzip } = compressedSize(path.join(dist, chunk.file));
  if (gzip > budget.anyChunk * 1024)
    failures.push(`chunk ${chunk.file}: ${kb(gzip)} KB gzip is over the ${budget.anyChunk} KB cap for one chunk`);
}

const width = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  '));
if (failures.length) {
  console.error(`\nFirst-load budget exceeded:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nFirst-load budget: every page within its limit.');
