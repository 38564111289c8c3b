import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per embedded data directory: PGlite has no lock of its own, and two
 * processes writing one directory would corrupt it. A lock left by a killed server
 * (its pid is gone) is taken over, so SIGKILL never needs a manual repair.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'cab-server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && alive(holder)) {
        throw new Error(`the data directory ${dir} is in use by another CAB server (pid ${holder}); stop it first or set CAB_DATA_DIR`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the data directory ${dir}`);
}
