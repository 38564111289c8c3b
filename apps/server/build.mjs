// Builds the server for `npm start`: one bundle of our TypeScript (the server and the
// contracts) per entry point in dist/, run by plain `node`. Packages from npm stay outside
// the bundle and load from node_modules as they are. Development and tests run the
// TypeScript through tsx instead (`npm run serve`, `npm run dev`, vitest).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outdir = path.join(root, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: { main: 'src/main.ts', cab: 'src/cli/main.ts' },
  absWorkingDir: root,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Our own workspace packages are TypeScript: they go into the bundle; npm's stay out.
  external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cab/')),
  logLevel: 'warning',
});
console.log(`server built in ${Date.now() - started} ms: ${path.relative(process.cwd(), outdir)}`);
