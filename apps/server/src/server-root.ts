import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from wherever this code runs: its
 * TypeScript under src/ (development, tests) or the bundle under dist/ (`npm start`). The
 * migrations, seeds and static files are read from beside it, so no path depends on how
 * deep the file that reads them sits.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'db', 'migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`the server's db/migrations folder is not above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
/** The repository's root (the default data directory sits there). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
