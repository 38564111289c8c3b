// `npm run check:imports` (part of `npm test`): the house's import graph, tests left out,
// held to its layers (layers.mjs; docs/decisions.md, "Layers"). Exits 1 naming every
// circle and every import that runs up a layer.
import path from 'node:path';
import { findViolations } from './check.mjs';
import { HOUSE } from './layers.mjs';
import { readImports } from './read.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const started = Date.now();
const graph = readImports(root);
const problems = findViolations(graph, HOUSE);
const took = `${Math.round(Date.now() - started)} ms`;
if (problems.length) {
  console.error(`Import graph: ${problems.length} problem(s) in ${graph.files.length} files (${took}):\n- ${problems.join('\n- ')}`);
  console.error('\nThe layers and how to mend a break: docs/decisions.md, "Layers".');
  process.exit(1);
}
console.log(`Import graph: ${graph.files.length} files, ${graph.edges.length} imports, no circle and no upward import (${took}).`);
