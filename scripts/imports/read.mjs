// Reads the import graph of the house's own code: which file imports which, tests left out.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The folders whose code is read, from the repository root. */
export const SOURCE_ROOTS = ['packages/contracts/src', 'apps/server/src', 'apps/server/db', 'apps/web/src'];

/** The contracts' entry points, as the server and the web import them. */
export const PACKAGE_ENTRIES = {
  '@cab/contracts': 'packages/contracts/src/index.ts',
  '@cab/contracts/client': 'packages/contracts/src/client.ts',
  '@cab/contracts/spec': 'packages/contracts/src/spec-index.ts',
};

const CODE = /\.tsx?$/;

/** Tests and their fixtures are no part of the house: they may import anything they test. */
export function isTest(file) {
  const name = path.posix.basename(file);
  return /\.(test|spec|e2e)\.tsx?$/.test(name) || name.startsWith('test-') || /(^|\/)(test|e2e)\//.test(file);
}

function listFiles(root, dir) {
  const out = [];
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...listFiles(root, rel));
    } else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(rel)) out.push(rel);
  }
  return out;
}

/** The file an import names, when it is one of the house's: relative paths and the contracts' entries. */
function resolve(from, specifier, known, entries) {
  if (entries[specifier]) return entries[specifier];
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) =>
    known.has(f),
  );
}

/**
 * Every import of every file: `import` and `export ... from` (type-only ones too: a type
 * ties two files as much as a value does), and dynamic `import()` (a lazily loaded page is
 * still a dependency). TypeScript's own scanner finds them, without building a program.
 */
export function readImports(root, roots = SOURCE_ROOTS, entries = PACKAGE_ENTRIES) {
  const files = roots.flatMap((r) => listFiles(root, r)).sort();
  const known = new Set(files);
  const edges = [];
  for (const from of files) {
    const text = fs.readFileSync(path.join(root, from), 'utf8');
    const seen = new Set();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const to = resolve(from, fileName, known, entries);
      if (!to || to === from || seen.has(to)) continue;
      seen.add(to);
      edges.push({ from, to });
    }
  }
  return { files, edges };
}
